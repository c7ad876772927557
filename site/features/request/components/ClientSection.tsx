import type { SectionProps } from '../section.ts';

/** Who asked: name, e-mail, company, phone. Only the admin sees it (the client knows who they are). */
export function ClientSection({ workspace, role }: SectionProps) {
  if (role !== 'admin') return null;
  const { client } = workspace;
  return (
    <>
      <h2>Client</h2>
      <p>
        <strong>{client.fullName}</strong>
      </p>
      <p>
        <a href={`mailto:${client.email}`}>{client.email}</a>
      </p>
      <p>{client.company || 'No company given'}</p>
      <p>{client.phone ? <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</a> : 'No phone given'}</p>
    </>
  );
}
