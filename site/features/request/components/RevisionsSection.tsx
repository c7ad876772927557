import { useRef } from 'react';
import { FileList } from './FileList.tsx';
import { ReopenForm } from './ReopenForm.tsx';
import type { SectionProps } from '../section.ts';
import { formatDateTime } from '../../../lib/date-format.ts';

/**
 * Deliverables by revision (Rev A, Rev B, …) with each one's change note and date.
 * On an answered request the client asks for a revision here with a reason (the firm reopens
 * from the Status section); either way it goes back to in progress.
 */
export function RevisionsSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  // Where the focus goes once the request is reopened (its button is gone then).
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Deliverables ({query.deliverables.length})
      </h2>
      {!query.revisions.length && <p>{role === 'admin' ? 'Nothing delivered yet.' : 'Your estimate files will appear here.'}</p>}
      {query.revisions.map((rev) => (
        <div key={rev.letter} className="rqp-set" aria-label={rev.label}>
          <h3>
            {rev.label}
            {rev.answeredAt && <span className="rqp-meta"> · {formatDateTime(rev.answeredAt)}</span>}
            {!rev.answeredAt && <span className="rqp-meta"> · in progress</span>}
          </h3>
          {rev.reason && <p className="rqp-meta">Requested: {rev.reason}</p>}
          {rev.changeNote && <p className="rqp-meta">Changes: {rev.changeNote}</p>}
          <FileList files={rev.files} empty="No files yet." />
        </div>
      ))}
      {/* The firm reopens from the Status section, beside its other moves. */}
      {role === 'client' && <ReopenForm workspace={workspace} role={role} afterReopen={heading} />}
    </>
  );
}
