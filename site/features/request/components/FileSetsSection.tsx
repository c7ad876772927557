import { formatDate } from '../../../lib/date-format.ts';
import { AddendumForm } from './AddendumForm.tsx';
import { FileList } from './FileList.tsx';
import { SignedLink } from './SignedLink.tsx';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';

/** Plan files by set: Original, Addendum 1, …; the client adds addenda and reuses the plans. */
export function FileSetsSection({ workspace, role }: SectionProps) {
  const { query, filesZipUrl } = workspace;
  // Every set counts, the files sent in the chat included: the heading numbers what is listed.
  const listed = query.fileSets.reduce((n, set) => n + set.files.length, 0);
  return (
    <>
      <h2>
        {role === 'admin' ? 'Plan files' : 'Your files'} ({listed})
      </h2>
      {query.fileSets.map((set) => (
        <div key={set.number} className="rqp-set">
          <h3>
            {set.label}
            {set.createdAt && set.number > 0 && <span className="rqp-meta"> · {formatDate(set.createdAt)}</span>}
          </h3>
          {set.note && <p className="rqp-meta">{set.note}</p>}
          <FileList files={set.files} empty="No files." />
        </div>
      ))}
      {filesZipUrl && query.files.length > 1 && (
        <p>
          <SignedLink className="btn btn-sm btn-secondary" href={filesZipUrl} download>
            Download all (ZIP)
          </SignedLink>
        </p>
      )}
      {canMove(workspace, 'addendum') && <AddendumForm queryId={query._id} isAnswered={query.status === 'answered'} />}
      {role === 'client' && query.files.length > 0 && (
        <p>
          <a href={`/request?reuse=${encodeURIComponent(query._id)}`}>Reuse these plans</a>
        </p>
      )}
    </>
  );
}
