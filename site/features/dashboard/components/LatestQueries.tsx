import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useLatestQueries } from '../api.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { formatDateTime } from '../../request/index.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import './latest-queries.css';

const PAGE_SIZE = 6; // docs/product.md §9: admin latest queries, 6 per page.

/** docs/product.md §2 /admin: Latest Queries, '{fullName} submitted a query' with the time, Prev / Next. */
export function LatestQueries() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useLatestQueries(page, PAGE_SIZE);
  useEffect(() => {
    if (isError) toast.error('Failed to fetch all queries');
  }, [isError]);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="card" aria-labelledby="latest-h">
      <h2 id="latest-h">Latest Queries</h2>
      {isPending ? (
        <p role="status">Loading queries…</p>
      ) : isError ? (
        <p className="error-text">{PRODUCT_TEXTS.queriesLoadFailed}</p>
      ) : !data.data.length ? (
        <p>No queries yet.</p>
      ) : (
        <ul className="latest-list">
          {data.data.map((q) => (
            <li key={q._id}>
              {/* The project name leads, as in every list (docs/product.md §11); the sentence follows. */}
              <span>
                {q.projectName && (
                  <>
                    <strong>{q.projectName}</strong>
                    {' · '}
                  </>
                )}
                <strong>{q.user.fullName}</strong> submitted a query
              </span>
              <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {(data?.total ?? 0) > PAGE_SIZE && <Pager page={page} pageCount={pageCount} onChange={setPage} prevLabel="Prev" nextLabel="Next" />}
    </section>
  );
}
