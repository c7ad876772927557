import { useState } from 'react';
import { statusLabel } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { useSearch } from '../api.ts';
import { Marked } from './Marked.tsx';
import './search.css';

const PAGE_SIZE = 10;

/** What each matched field is called beside its snippet. */
const FIELD_LABELS: Record<string, string> = {
  subject: 'Subject',
  message: 'Request',
  projectName: 'Project',
  location: 'Location',
  clientName: 'Client',
  clientEmail: 'E-mail',
  chat: 'Chat',
  fileName: 'File',
  sheetTitle: 'Sheet',
};

/**
 * The one search box (docs/product.md, "Search"): an admin's over every request, a client's over
 * their company's. Each result opens the request's workspace; the matching text is highlighted.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const results = useSearch(q, page, PAGE_SIZE);
  const data = results.data;
  return (
    <section className="card search-box" aria-labelledby="search-title">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
          setPage(1);
        }}
      >
        <label id="search-title" htmlFor="search-input">
          Search requests
        </label>
        <input
          id="search-input"
          className="input"
          type="search"
          maxLength={200}
          placeholder="Client, project, location, message, chat, file or sheet"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-sm">
          Search
        </button>
      </form>
      {!q ? null : results.isError ? (
        <p role="alert">{results.error.message}</p>
      ) : !data ? (
        <p role="status">Searching…</p>
      ) : data.total === 0 ? (
        <p role="status">No requests match “{q}”.</p>
      ) : (
        <>
          <p role="status" className="search-count">
            {data.total} request{data.total === 1 ? '' : 's'} found
          </p>
          <ol className="search-results">
            {data.data.map((r) => (
              <li key={r._id}>
                <a href={r.link}>{r.projectName || r.message.split(/\s+/).slice(0, 8).join(' ')}</a>
                <span className="search-client">
                  {r.client.fullName} · {statusLabel(r.status)}
                </span>
                <ul className="search-matches">
                  {r.matches.map((m, i) => (
                    <li key={i}>
                      <span className="search-field">{FIELD_LABELS[m.field] ?? m.field}:</span> <Marked text={m.text} marks={m.marks} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {data.total > PAGE_SIZE ? <Pager page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onChange={setPage} /> : null}
        </>
      )}
    </section>
  );
}
