import { useState } from 'react';
import { useUserQueries } from '../api.ts';
import { paths } from '../../../lib/routes.ts';
import { adminMessagePreview } from '../../../lib/truncate.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { formatDateTime, StatusBadge, type Query } from '../../request/index.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import './user-queries-modal.css';

type Props = { user: { _id: string; fullName: string } | null; onClose: () => void };

/** docs/product.md §2 /admin-queries: 'Queries of {name}', with the real status and time where the seed had placeholders. */
export function UserQueriesModal({ user, onClose }: Props) {
  const { data, isPending, isError } = useUserQueries(user?._id);
  return (
    <Modal open={!!user} title={`Queries of ${user?.fullName ?? ''}`} onClose={onClose} wide>
      {isPending ? (
        <p role="status">Loading queries…</p>
      ) : isError ? (
        <p className="error-text">{PRODUCT_TEXTS.queriesLoadFailed}</p>
      ) : !data.length ? (
        <p>{PRODUCT_TEXTS.noQueries}</p>
      ) : (
        <ul className="uq-list">
          {data.map((q) => (
            <QueryItem key={q._id} query={q} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function QueryItem({ query }: { query: Query }) {
  const [expanded, setExpanded] = useState(false);
  const preview = adminMessagePreview(query.message);
  return (
    <li className="uq-item">
      <div className="uq-top">
        <StatusBadge status={query.status} />
        <time dateTime={query.createdAt} className="muted">
          {formatDateTime(query.createdAt)}
        </time>
      </div>
      {/* The project name leads (docs/product.md §11); the message keeps docs/product.md §2's 100-character preview. */}
      {query.projectName && (
        <p className="uq-project">
          <strong>{query.projectName}</strong>
          {query.location ? ` · ${query.location}` : ''}
        </p>
      )}
      <p className="uq-msg">
        {expanded ? query.message : preview.text}{' '}
        {preview.isTruncated && (
          <button type="button" className="btn-link" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show Less' : 'Expand'}
          </button>
        )}
      </p>
      <dl>
        <dt>Service</dt>
        <dd>{query.service?.title ?? '—'}</dd>
        <dt>Sub-Service</dt>
        <dd>{query.subservice?.title ?? '—'}</dd>
        <dt>Files</dt>
        <dd className="uq-files">
          {query.files.length
            ? query.files.map((f, i) => (
                <a key={f._id} href={f.url} title={f.name}>
                  File {i + 1}
                </a>
              ))
            : 'None'}
        </dd>
        {query.deliverables.length > 0 && (
          <>
            <dt>Deliverables</dt>
            <dd className="uq-files">
              {query.deliverables.map((f) => (
                <a key={f._id} href={f.url}>
                  {f.name}
                </a>
              ))}
            </dd>
          </>
        )}
      </dl>
      <div>
        <a className="btn btn-sm" href={paths.adminChat(query._id)}>
          SEND MESSAGE
        </a>
      </div>
    </li>
  );
}
