import type { SectionProps } from '../section.ts';
import { SECTIONS } from '../sections.ts';

/** The panel's sections in the order of sections.ts; loaded apart from the chat (RequestPanel.tsx says why). */
export default function PanelSections({ workspace, role }: SectionProps) {
  return SECTIONS.map(({ id, title, Component }) => (
    <section key={id} className={`rqp-section rqp-${id}`} aria-label={title}>
      <Component workspace={workspace} role={role} />
    </section>
  ));
}
