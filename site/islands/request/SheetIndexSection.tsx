import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';
import type { SectionProps } from './section.ts';

/**
 * What the plan set contains (issue 14): one line per PDF, ZIP or DWG from the
 * background reader ('42 sheets: A0.00–A5.12 …'), and on demand the sheet list.
 * The same for the client and the estimator.
 */
export function SheetIndexSection({ workspace }: SectionProps) {
  const files = workspace.query.files.filter((f) => f.index && (f.index.status !== 'done' || f.index.summary));
  if (!files.length) return null;
  const pending = files.some((f) => f.index!.status === 'pending');
  return (
    <>
      <h2>Sheet index</h2>
      <ul className="rqp-list rqp-index">
        {files.map((f) => (
          <li key={f._id}>
            <strong>{f.name}</strong>
            <span className={f.index!.status === 'failed' ? 'rqp-index-failed' : undefined}>
              {f.index!.status === 'pending' ? 'Reading…' : f.index!.summary}
            </span>
          </li>
        ))}
      </ul>
      {!pending && <SheetList queryId={workspace.query._id} />}
    </>
  );
}

/** The per-page list, fetched only when opened. */
function SheetList({ queryId }: { queryId: string }) {
  const index = useQuery({
    queryKey: ['sheet-index', queryId],
    queryFn: ({ signal }) =>
      call(api.queries[':id']['sheet-index'].$get({ param: { id: queryId } }, { init: { signal } })).then((r) => r.data),
    enabled: false,
  });
  const pdfs = (index.data ?? []).flatMap((f) => (f.detail?.kind === 'pdf' ? [{ name: f.name, detail: f.detail }] : []));
  return (
    <details className="rqp-index-details" onToggle={(e) => (e.currentTarget.open && !index.data ? void index.refetch() : undefined)}>
      <summary>Show sheets</summary>
      {index.isFetching && <p>Loading…</p>}
      {index.isError && <p className="rqp-index-failed">The sheet list could not be loaded.</p>}
      {pdfs.map(({ name, detail }) => (
        <table key={name} className="rqp-index-table">
          <caption>{name}</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Sheet</th>
              <th scope="col">Title</th>
            </tr>
          </thead>
          <tbody>
            {detail.sheets.map((s) => (
              <tr key={s.page}>
                <td>{s.page}</td>
                <td>{s.number ?? '—'}</td>
                <td>{s.title ?? (s.number ? '' : 'No sheet number')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {index.data && !pdfs.length && <p>No PDF pages to list.</p>}
    </details>
  );
}
