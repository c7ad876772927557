import { useState } from 'react';
import { getSheetIndex, useSheetIndexPages } from '../api.ts';
import type { SectionProps } from '../section.ts';

/**
 * What the plan set contains: one line per PDF, ZIP or DWG from the background
 * reader ('42 sheets: A0.00–A5.12 …'), and on demand the sheet list. The same
 * for the client and the estimator.
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

type FileIndex = Awaited<ReturnType<typeof getSheetIndex>>['data'][number];
type PdfDetail = Extract<NonNullable<FileIndex['detail']>, { kind: 'pdf' }>;

/** The per-page list, fetched only when opened, a page of files at a time (GET …/sheet-index is paged). */
function SheetList({ queryId }: { queryId: string }) {
  const index = useSheetIndexPages(queryId);
  const files = index.data?.pages.flatMap((p) => p.data) ?? [];
  const pdfs = files.flatMap((f) => (f.detail?.kind === 'pdf' ? [{ file: f, detail: f.detail }] : []));
  return (
    <details className="rqp-index-details" onToggle={(e) => (e.currentTarget.open && !index.data ? void index.refetch() : undefined)}>
      <summary>Show sheets</summary>
      {index.isFetching && <p>Loading…</p>}
      {index.isError && <p className="rqp-index-failed">The sheet list could not be loaded.</p>}
      {pdfs.map(({ file, detail }) => (
        <SheetTable key={file.fileId} queryId={queryId} file={file} detail={detail} />
      ))}
      {index.data && !pdfs.length && !index.hasNextPage && <p>No PDF pages to list.</p>}
      {index.hasNextPage && (
        <button type="button" className="rqp-index-more" disabled={index.isFetchingNextPage} onClick={() => void index.fetchNextPage()}>
          Show more files
        </button>
      )}
    </details>
  );
}

/** One PDF's sheets: those the page carried, then the rest of its list on demand. */
function SheetTable({ queryId, file, detail }: { queryId: string; file: FileIndex; detail: PdfDetail }) {
  const [more, setMore] = useState<{ sheets: PdfDetail['sheets']; next: number | null }>({
    sheets: [],
    next: file.listed && file.listed.offset + file.listed.count < file.listed.total ? file.listed.offset + file.listed.count : null,
  });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loadMore = async () => {
    if (more.next === null) return;
    setLoading(true);
    setFailed(false);
    try {
      const [next] = (await getSheetIndex(queryId, { fileId: file.fileId, offset: String(more.next) })).data;
      const listed = next?.listed;
      const sheets = next?.detail?.kind === 'pdf' ? next.detail.sheets : [];
      setMore((m) => ({
        sheets: [...m.sheets, ...sheets],
        next: listed && listed.count > 0 && listed.offset + listed.count < listed.total ? listed.offset + listed.count : null,
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <table className="rqp-index-table">
        <caption>{file.name}</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Sheet</th>
            <th scope="col">Title</th>
          </tr>
        </thead>
        <tbody>
          {[...detail.sheets, ...more.sheets].map((s) => (
            <tr key={s.page}>
              <td>{s.page}</td>
              <td>{s.number ?? '—'}</td>
              <td>{s.title ?? (s.number ? '' : 'No sheet number')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failed && <p className="rqp-index-failed">The sheet list could not be loaded.</p>}
      {more.next !== null && (
        <button type="button" className="rqp-index-more" disabled={loading} onClick={() => void loadMore()}>
          Show more sheets of {file.name}
        </button>
      )}
    </>
  );
}
