import type { SectionProps } from '../section.ts';

/** The project name (older requests show their subject or nothing), location, service and sub-service. */
export function ProjectSection({ workspace }: SectionProps) {
  const { query } = workspace;
  return (
    <>
      <h2>Project</h2>
      <p className="rqp-project-name">
        <strong>{query.projectName || query.subject || 'No project name given'}</strong>
      </p>
      {query.location && <p>Location: {query.location}</p>}
      <p>Service: {query.service?.title ?? 'Not given'}</p>
      {query.subservice && <p>Sub-service: {query.subservice.title}</p>}
    </>
  );
}
