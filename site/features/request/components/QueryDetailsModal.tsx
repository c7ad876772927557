import { paths } from '../../../lib/routes.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { formatBidDueDate } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { formatDateTime, IMAGE_NAME, StatusBadge, type Query } from '../query-format.tsx';
import './query-details-modal.css';

const CHAT_DELAY_MS = 100; // docs/product.md §9

type FileLink = Query['files'][number];

/** docs/product.md §2 'Query Details': Service, Sub-Service, Message, Attachment, Chat, Status, Created At. */
export function QueryDetailsModal({ query, onClose }: { query: Query | null; onClose: () => void }) {
  return (
    <Modal open={query !== null} title="Query Details" onClose={onClose} wide>
      {query && (
        <>
          <dl className="qd">
            {/* The project name and location lead, for requests that have them. */}
            {query.projectName && (
              <>
                <dt>Project</dt>
                <dd>
                  {query.projectName}
                  {query.location ? ` · ${query.location}` : ''}
                </dd>
              </>
            )}
            <dt>Service</dt>
            <dd>{query.service?.title ?? '—'}</dd>
            {query.subservice && (
              <>
                <dt>Sub-Service</dt>
                <dd>{query.subservice.title}</dd>
              </>
            )}
            <dt>Message</dt>
            <dd className="qd-message">{query.message}</dd>
            {query.bidDueDate && (
              <>
                <dt>Bid Due Date</dt>
                <dd>{formatBidDueDate(query.bidDueDate)}</dd>
              </>
            )}
            <dt>Attachment</dt>
            <dd>
              <FileLinks files={query.files} empty="No attachment" />
            </dd>
            {query.deliverables.length > 0 && (
              <>
                <dt>Deliverables</dt>
                <dd>
                  <FileLinks files={query.deliverables} download />
                </dd>
              </>
            )}
            <dt>Status</dt>
            <dd>
              <StatusBadge status={query.status} />
            </dd>
            <dt>Created At</dt>
            <dd>{formatDateTime(query.createdAt)}</dd>
          </dl>
          <button
            type="button"
            className="btn"
            onClick={() => setTimeout(() => window.location.assign(paths.chat(query._id)), CHAT_DELAY_MS)}
          >
            Chat
          </button>
        </>
      )}
    </Modal>
  );
}

/** Links named by file name; images show as an image link (docs/product.md §2: jpeg/jpg/png/gif/webp/bmp). */
function FileLinks({ files, empty = 'None', download }: { files: FileLink[]; empty?: string; download?: boolean }) {
  if (!files.length) return <span>{empty}</span>;
  return (
    <ul className="qd-files">
      {files.map((f) => (
        <li key={f._id}>
          {IMAGE_NAME.test(f.name) ? (
            <a className="qd-image" href={f.url} target="_blank" rel="noopener noreferrer">
              <img src={f.url} alt="" />
              {f.name}
            </a>
          ) : (
            <a href={f.url} target="_blank" rel="noopener noreferrer" download={download ? f.name : undefined}>
              {f.name}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
