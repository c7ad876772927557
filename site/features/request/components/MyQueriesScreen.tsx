import { useEffect, useState } from 'react';
import { useMyQueries } from '../api.ts';
import { myQueriesMessage } from '../../../lib/truncate.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { PortalShell } from '../../../shell/PortalShell.tsx';
import { formatDateTime, StatusBadge, type Query } from '../query-format.tsx';
import { QueryDetailsModal } from './QueryDetailsModal.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { SearchBox } from '../../search/index.ts';
import { takeNotice } from '../../../lib/carried-notice.ts';
import { paths } from '../../../lib/routes.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';
import './my-queries-screen.css';

const PAGE_SIZE = 5; // docs/product.md §9

/** /my-queries (docs/product.md §2): the client's queries, 5 per page, with the Query Details modal. */
export function MyQueriesScreen() {
  return (
    <PortalShell>
      <MyQueries />
    </PortalShell>
  );
}

function MyQueries() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Query | null>(null);
  const { data, error, isPending } = useMyQueries();
  const all = data ?? [];
  const pageCount = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = all.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  // The request form's success, carried here (lib/carried-notice.ts); filled after the first paint so it is read out.
  const [notice, setNotice] = useState('');
  useEffect(() => setNotice(takeNotice(paths.myQueries) ?? ''), []);

  return (
    <div className="myq">
      <h1>My Queries</h1>
      <p className={notice ? 'myq-notice' : 'sr-only'} role="status">
        {notice}
      </p>
      <SearchBox />
      <section className="card">
        {error ? (
          <p className="error-text" role="alert">
            Error: {error.message || PRODUCT_TEXTS.myQueriesFailed}
          </p>
        ) : isPending ? (
          <p role="status">Loading…</p>
        ) : all.length === 0 ? (
          <p>
            {PRODUCT_TEXTS.noQueriesFound} <a href={paths.request}>Submit your first request</a>
          </p>
        ) : (
          <>
            <ScrollRegion className="table-scroll" label="My Queries table">
              <table className="myq-table">
                <thead>
                  <tr>
                    <th scope="col">Message</th>
                    <th scope="col">Created At</th>
                    <th scope="col">Action</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((q) => (
                    <tr key={q._id}>
                      <td data-label="Message" title={q.message}>
                        {/* The project name leads; the message (docs/product.md §2, 3 words) follows. One span, so that
                            on a phone both flow as one text beside the label instead of squeezing each other mid-word. */}
                        <span className="myq-message">
                          {q.projectName && <strong className="q-project">{q.projectName} · </strong>}
                          {myQueriesMessage(q.message)}
                        </span>
                      </td>
                      <td data-label="Created At">{formatDateTime(q.createdAt)}</td>
                      <td data-label="Action">
                        <button
                          type="button"
                          className="btn btn-sm btn-navy"
                          onClick={() => setOpen(q)}
                          aria-label={`View query: ${myQueriesMessage(q.message)}`}
                        >
                          View
                        </button>
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={q.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            {/* docs/product.md §2: paging and 'Page X of Y' only when there are more than 5. */}
            {all.length > PAGE_SIZE && <Pager page={current} pageCount={pageCount} onChange={setPage} />}
          </>
        )}
      </section>
      <QueryDetailsModal query={open} onClose={() => setOpen(null)} />
    </div>
  );
}
