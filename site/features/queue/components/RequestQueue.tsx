import { useEffect, useId, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useQueue } from '../api.ts';
import { ScrollRegion } from '../../../ui/ScrollRegion.tsx';
import { paths } from '../../../lib/routes.ts';
import { firstWords } from '../../../lib/truncate.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { StatusBadge, type Query, dueLabel, dueIn, useNow } from '../../request/index.ts';
import { formatBidDueDate, QUERY_STATUSES, STATUS_LABELS } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { AnswerDialog } from './AnswerDialog.tsx';
import { StatusActions, type QueueRequest } from './StatusActions.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { AssigneeSelect, rememberAssigneeFilter, rememberedAssigneeFilter, useActiveStaff } from '../../desk/index.ts';
import {
  ASSIGNEE_FILTER_LABELS,
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
} from '../../../../portal-api/src/modules/queries/queries.assign.labels.ts';
import type { QueueView } from '../../../../portal-api/src/modules/queries/queries.admin.schema.ts';
import { QUEUE_PAGE_SIZE, rememberQueuePlace } from '../queue-place.ts';
import './request-queue.css';

const PAGE_SIZE = QUEUE_PAGE_SIZE;
/** The saved views (docs/product.md §15), each a server filter. */
const VIEWS: ReadonlyArray<readonly [QueueView | '', string]> = [
  ['', 'All requests'],
  ['due24h', 'Due in 24 h'],
  ['waiting', 'Waiting for client'],
  ['unread', 'Unread'],
];
const FILTERS = [['open', 'Open (not closed)'], ...QUERY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const), ['', 'All']] as const;
const ASSIGNEE_OPTIONS = ASSIGNEE_FILTERS.map((value) => [value, ASSIGNEE_FILTER_LABELS[value]] as const);

/**
 * Where the admin is in the queue, kept in the address (?status=…&search=…&page=…, replaced, not
 * pushed): opening a request and coming Back, or a reload, returns to the same filter, search and page.
 */
function readPlace() {
  const params = new URLSearchParams(window.location.search);
  const status = params.get('status');
  const page = Number(params.get('page'));
  const view = params.get('view');
  return {
    view: (VIEWS.some(([value]) => value === view) ? view : '') as QueueView | '',
    status: status === 'all' ? '' : FILTERS.some(([value]) => value === status) ? status! : 'open',
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function keepPlace(status: string, view: QueueView | '', search: string, page: number, assignee: string | null) {
  rememberQueuePlace({ status, view, search, page, assignee });
  const url = new URL(window.location.href);
  const set = (name: string, value: string | null) => (value === null ? url.searchParams.delete(name) : url.searchParams.set(name, value));
  set('status', status === 'open' ? null : status || 'all');
  set('view', view || null);
  set('search', search || null);
  set('page', page > 1 ? String(page) : null);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/** The request queue (docs/product.md §15): open requests, soonest bid due date first, filter by status, search by text. */
export function RequestQueue() {
  const [place] = useState(readPlace);
  const [status, setStatus] = useState(place.status);
  const [view, setView] = useState<QueueView | ''>(place.view);
  const [typed, setTyped] = useState(place.search);
  const [search, setSearch] = useState(place.search);
  const [page, setPage] = useState(place.page);
  const [answering, setAnswering] = useState<QueueRequest | null>(null);
  const searchId = useId();
  // Mine / Unassigned / Everyone: the admin's last choice, else 'Mine' once the firm has several admins.
  const userId = useAuth((st) => st.userId);
  const staff = useActiveStaff();
  const [assignee, setAssignee] = useState<AssigneeFilter | null>(null);
  useEffect(() => {
    if (assignee === null && (staff.data || staff.isError)) setAssignee(rememberedAssigneeFilter(userId, staff.active.length));
  }, [assignee, staff.data, staff.isError, staff.active.length, userId]);

  useEffect(() => {
    const t = setTimeout(() => {
      if (typed.trim() === search) return;
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed, search]);
  useEffect(() => keepPlace(status, view, search, page, assignee), [status, view, search, page, assignee]);

  const { data, isPending, isError, isFetching } = useQueue({ status, view, search, assignee }, page, PAGE_SIZE);
  useEffect(() => {
    if (isError) toast.error(PRODUCT_TEXTS.queriesLoadFailed);
  }, [isError]);
  // Keep the answer dialog showing fresh deliverables after an upload.
  const current = answering && data?.data.find((q) => q._id === answering._id);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  // A row that left the filter (Start, Close) can empty the last page: go back to the last one there is.
  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount]);

  return (
    <section className="card" aria-labelledby="queue-h">
      {/* Focusable for StatusActions: where the focus goes if a row leaves the list after Start. */}
      <h2 id="queue-h" tabIndex={-1}>
        Request queue
      </h2>
      <div className="queue-filters" role="search">
        <SelectField
          label="View"
          value={view}
          options={VIEWS}
          onChange={(next) => {
            setView(next);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          value={status}
          options={FILTERS}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <SelectField
          label="Assigned"
          value={assignee ?? ''}
          options={ASSIGNEE_OPTIONS}
          onChange={(next) => {
            setAssignee(next);
            rememberAssigneeFilter(userId, next);
            setPage(1);
          }}
        />
        <div className="field">
          <label htmlFor={searchId}>Search</label>
          <input
            id={searchId}
            type="search"
            value={typed}
            placeholder="Client, project, place, service or text"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </div>
      <p className="sr-only" role="status">
        {isFetching ? 'Loading requests…' : data ? `${data.total} request${data.total === 1 ? '' : 's'}` : ''}
      </p>
      {isPending ? (
        <p>Loading requests…</p>
      ) : isError ? (
        <p className="error-text">{PRODUCT_TEXTS.queriesLoadFailed}</p>
      ) : !data.data.length ? (
        <p>No requests match.</p>
      ) : (
        <ScrollRegion className="table-wrap queue-wrap" label="Requests table">
          <table className="admin-table queue-table">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Assignee</th>
                <th scope="col">Due</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((q) => (
                <tr key={q._id}>
                  <td data-label="Client">
                    <div>
                      <strong className="queue-name">{q.user.fullName}</strong>
                      {/* Cut to the column with the whole address in its title (and read whole by screen readers). */}
                      <span className="muted queue-email" title={q.user.email}>
                        {q.user.email}
                      </span>
                    </div>
                  </td>
                  <td data-label="Service">
                    <div>
                      {q.service ? (
                        <span className="chip" title={q.service.title}>
                          {q.service.title}
                        </span>
                      ) : (
                        '—'
                      )}
                      {q.subservice && (
                        <span className="muted queue-sub" title={q.subservice.title}>
                          {q.subservice.title}
                        </span>
                      )}
                    </div>
                  </td>
                  <td data-label="Request">
                    <div>
                      {/* The name keeps to two lines so that the link below it always shows; its whole text
                          is in its title, read whole by screen readers, and heads the request's workspace. */}
                      {q.projectName && (
                        <strong className="queue-project" title={q.projectName}>
                          {q.projectName}
                        </strong>
                      )}
                      {/* The row opens the request's workspace (chat and panel, docs/product.md §10). */}
                      {/* A description without spaces (a pasted link) keeps to three lines. */}
                      <a className="queue-open" href={paths.adminChat(q._id)}>
                        {firstWords(q.subject || q.message, 12)}
                      </a>
                      <span className="muted">
                        {q.files.length} file{q.files.length === 1 ? '' : 's'}
                      </span>
                      {q.unread > 0 && <span className="queue-unread">{q.unread} unread</span>}
                    </div>
                  </td>
                  <td data-label="Status">
                    <div>
                      <StatusBadge status={q.status} />
                    </div>
                  </td>
                  <td data-label="Assignee">
                    <div>
                      <AssigneeSelect
                        queryId={q._id}
                        assignee={q.assignee}
                        label={`Assignee of ${q.projectName || firstWords(q.message, 6)}`}
                        compact
                      />
                    </div>
                  </td>
                  <td data-label="Due">
                    <div>
                      <DueDate day={q.bidDueDate} status={q.status} delivered={q.lifecycle.delivered} named={owesDelivery(q)} />
                      {owesDelivery(q) && <DeliveryDue at={q.deliveryDueAt!} />}
                    </div>
                  </td>
                  <td data-label="Actions">
                    <div>
                      <StatusActions query={q} onAnswer={setAnswering} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {(data?.total ?? 0) > PAGE_SIZE && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Request queue pages" />}
      <AnswerDialog query={current || answering} onClose={() => setAnswering(null)} />
    </section>
  );
}

/** An accepted quote set a delivery time, and the estimate is still owed (not yet answered or closed). */
const owesDelivery = (q: QueueRequest) => Boolean(q.deliveryDueAt) && (q.status === 'pending' || q.status === 'in_progress');

/**
 * The workspace's label (due-label.ts), shown here only when the date is near or past, to keep the
 * column short. `named`: a delivery time follows, so the line says which date it is.
 */
function DueDate({ day, status, delivered, named }: { day: string | null; status: Query['status']; delivered: boolean; named: boolean }) {
  if (!day) return <span className="muted">{named ? 'No bid due date' : 'No due date'}</span>;
  const label = dueLabel(day, status, new Date(), delivered);
  const near = label && label.tone !== 'later' ? label : null;
  return (
    <span className="due-line">
      {named && <span className="muted">Bid </span>}
      <time dateTime={day} className={near ? `due-${near.tone}` : undefined}>
        {formatBidDueDate(day)}
        {near && ` (${near.text})`}
      </time>
    </span>
  );
}

/** The delivery time the accepted quote set (docs/product.md §11), what the queue's 'due' order also sorts by, with its countdown. */
function DeliveryDue({ at }: { at: string }) {
  const now = useNow(60_000); // the countdown moves while the queue stays open
  const left = dueIn(at, now);
  return (
    <span className="due-line">
      <span className="muted">Delivery </span>
      <time dateTime={at}>{formatDateTime(at)}</time> <span className={left.isLate ? 'due-over' : 'due-count'}>{left.text}</span>
    </span>
  );
}
