import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useClients } from '../api.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { StatusBadge } from '../../request/index.ts';
import { useDismiss, useFocusFirstItem } from '../../../ui/use-dismiss.ts';
import { UserQueriesModal } from './UserQueriesModal.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import './client-list.css';

type Person = { _id: string; fullName: string; email: string };

const PAGE_SIZE = 10;

/** docs/product.md §2 /admin-queries: distinct clients with their latest query's status, and View User / View Queries. */
export function ClientList() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Person | null>(null);
  const [queriesOf, setQueriesOf] = useState<Person | null>(null);
  const users = useClients(page, PAGE_SIZE);
  useEffect(() => {
    if (users.isError) toast.error(PRODUCT_TEXTS.usersFailed);
  }, [users.isError]);
  const pageCount = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));

  return (
    <section className="card" aria-labelledby="clients-h">
      <h2 id="clients-h">Clients</h2>
      {users.isPending ? (
        <p role="status">Loading clients…</p>
      ) : users.isError ? (
        <p className="error-text">{PRODUCT_TEXTS.usersFailed}</p>
      ) : !users.data.data.length ? (
        <p>No clients yet.</p>
      ) : (
        <ul className="client-list">
          {users.data.data.map((u) => (
            <li key={u._id}>
              <span className="client-name">{u.fullName}</span>
              <span>
                {u.latestQueryStatus ? (
                  <StatusBadge status={u.latestQueryStatus} />
                ) : (
                  <span className="muted">{PRODUCT_TEXTS.noQueries}</span>
                )}
              </span>
              <ClientMenu user={u} onViewUser={() => setViewing(u)} onViewQueries={() => setQueriesOf(u)} />
            </li>
          ))}
        </ul>
      )}
      {(users.data?.total ?? 0) > PAGE_SIZE && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Client pages" />}
      <Modal open={!!viewing} title="User" onClose={() => setViewing(null)}>
        {viewing && (
          <dl className="user-dl">
            <dt>Name</dt>
            <dd>{viewing.fullName}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${viewing.email}`}>{viewing.email}</a>
            </dd>
          </dl>
        )}
      </Modal>
      <UserQueriesModal user={queriesOf} onClose={() => setQueriesOf(null)} />
    </section>
  );
}

function ClientMenu({ user, onViewUser, onViewQueries }: { user: Person; onViewUser: () => void; onViewQueries: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close, button);
  useFocusFirstItem(ref, open);
  // The menu button holds the focus while the modal is open, so closing the modal gives it back there.
  const pick = (fn: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    fn();
  };
  return (
    <div ref={ref} style={{ position: 'relative' }}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-expanded={open}
        aria-label={`Options for ${user.fullName}`}
        onClick={() => setOpen((v) => !v)}
      >
        ⋮
      </button>
      {open && (
        <div className="menu-pop">
          <button type="button" onClick={pick(onViewUser)}>
            View User
          </button>
          <button type="button" onClick={pick(onViewQueries)}>
            View Queries
          </button>
        </div>
      )}
    </div>
  );
}
