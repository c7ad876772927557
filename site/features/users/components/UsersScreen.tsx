import { createColumnHelper, type PaginationState, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { DataTable } from '../../../ui/DataTable.tsx';
import { EmailText } from '../../../ui/EmailText.tsx';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useApproveUser, useUsersPage } from '../api.ts';
import type { ListedUser } from '../types.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { AdminShell } from '../../../shell/AdminShell.tsx';
import './users.css';
import { StaffPanel } from '../../desk/index.ts';
import { AUTH_TEXTS } from '../../../../portal-api/src/modules/auth/auth.labels.ts';
import { userStatusLabel } from '../../../../portal-api/src/modules/users/users.labels.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { formatDateTime } from '../../../lib/date-format.ts';

/** docs/product.md §9: admin users 6 per page. */
const PAGE_SIZE = 6;

const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, ListedUser>();
const noUsers: ListedUser[] = [];

export function UsersScreen() {
  return (
    <AdminShell>
      <UsersTabs />
    </AdminShell>
  );
}

/** docs/product.md §2 and §25: the client accounts, and beside them the firm's own admins ('Staff'). */
const TABS = ['clients', 'staff'] as const;
type Tab = (typeof TABS)[number];
const tabOfHash = (): Tab => (window.location.hash === '#staff' ? 'staff' : 'clients');

function UsersTabs() {
  const [tab, setTab] = useState<Tab>(tabOfHash);
  // A link to /user#staff from /user itself changes only the hash: the tab follows it.
  useEffect(() => {
    const follow = () => setTab(tabOfHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const choose = (next: Tab) => {
    setTab(next);
    history.replaceState(null, '', next === 'staff' ? '#staff' : window.location.pathname + window.location.search);
  };
  // The tabs pattern of the WAI-ARIA Authoring Practices: one tab stop, the arrows (and Home, End)
  // move to the other tab and show it.
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? TABS[(at + 1) % TABS.length]
        : e.key === 'ArrowLeft'
          ? TABS[(at - 1 + TABS.length) % TABS.length]
          : e.key === 'Home'
            ? TABS[0]
            : e.key === 'End'
              ? TABS.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    choose(next);
    document.getElementById(`users-tab-${next}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="Accounts" className="users-tabs" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`users-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`users-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'users-tab is-active' : 'users-tab'}
            onClick={() => choose(name)}
          >
            {name === 'clients' ? 'Clients' : 'Staff'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`users-panel-${tab}`} aria-labelledby={`users-tab-${tab}`}>
        {tab === 'clients' ? (
          <UsersTable />
        ) : (
          <section className="users" aria-labelledby="staff-title">
            <h1 id="staff-title">Staff</h1>
            <StaffPanel />
          </section>
        )}
      </div>
    </>
  );
}

function UsersTable() {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const [pending, setPending] = useState<ListedUser | null>(null);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const users = useUsersPage(pagination.pageIndex, PAGE_SIZE);
  const approve = useApproveUser({
    onSuccess: () => toast.success(AUTH_TEXTS.approved),
    onError: () => toast.error('Approval failed'),
    onSettled: () => setPending(null),
  });
  // The columns are made once; the one-click approval reaches the current mutation through this.
  const approveNow = useRef(approve);
  approveNow.current = approve;
  // An approved user's Approve button goes: the focus moves to the next one still shown (the one
  // that takes its place in the list), else the previous one, else the page's heading.
  const approveFocus = () => {
    const approveButtons = () => [...(section.current?.querySelectorAll<HTMLElement>('.users-table button') ?? [])];
    const at = approveButtons().indexOf(document.activeElement as HTMLElement);
    rescueFocus(() => {
      const left = approveButtons();
      return left[at] ?? left[at - 1] ?? heading.current;
    });
  };

  const [columns] = useState(() =>
    helper.columns([
      helper.accessor('fullName', { header: 'Full Name', cell: (info) => info.getValue() || PRODUCT_TEXTS.unknownUser }),
      helper.accessor('email', { header: 'Email', cell: (info) => <EmailText address={info.getValue()} /> }),
      // docs/product.md, "Colleagues": the company, and who invited a colleague into it.
      helper.display({
        id: 'company',
        header: 'Company',
        // One element: the phone's card lays a cell out as a grid of its label and one value, so a
        // second child would wrap under the label.
        cell: ({ row }) => (
          <div>
            {row.original.company?.name ?? ''}
            {row.original.invitedBy ? <span className="users-invited">Invited by {row.original.invitedBy.fullName}</span> : null}
          </div>
        ),
      }),
      helper.accessor('createdAt', {
        header: 'Created At',
        cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
      }),
      helper.accessor('status', {
        header: 'Status',
        cell: (info) => <span className={`badge badge-${info.getValue()}`}>{userStatusLabel(info.getValue())}</span>,
      }),
      helper.display({
        id: 'action',
        header: 'Action',
        // docs/product.md §2: the Approve button is hidden once the user is approved.
        cell: ({ row }) =>
          row.original.status === 'approved' ? null : (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                approveFocus();
                // A colleague invited by an approved client is approved in one click; anyone else is confirmed first.
                if (row.original.invitedBy) approveNow.current.mutate(row.original._id);
                else setPending(row.original);
              }}
              aria-label={`Approve ${row.original.fullName}`}
            >
              Approve
            </button>
          ),
      }),
    ]),
  );

  const table = useTable({
    features,
    columns,
    data: users.data?.data ?? noUsers,
    rowCount: users.data?.total ?? 0,
    state: { pagination },
    onPaginationChange: setPagination,
    manualPagination: true,
    getRowId: (row) => row._id,
  });

  const pageCount = Math.max(1, table.getPageCount());
  return (
    <section ref={section} className="users" aria-labelledby="users-title">
      <h1 ref={heading} id="users-title" tabIndex={-1}>
        Users
      </h1>
      {users.isError ? (
        <p className="error-text" role="alert">
          {users.error instanceof Error && users.error.message ? users.error.message : PRODUCT_TEXTS.usersFailed}
        </p>
      ) : users.isPending ? (
        <p role="status">Loading users…</p>
      ) : users.data.total === 0 ? (
        <p className="users-empty">No users found.</p>
      ) : (
        <>
          <div className="users-scroll card">
            <DataTable table={table} className="users-table" />
          </div>
          <Pager page={pagination.pageIndex + 1} pageCount={pageCount} onChange={(p) => table.setPageIndex(p - 1)} />
        </>
      )}
      <ConfirmDialog
        open={!!pending}
        title="Confirm Approval"
        message="Are you sure you want to approve this user?"
        confirmLabel="Yes"
        cancelLabel="No"
        busy={approve.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && approve.mutate(pending._id)}
      />
    </section>
  );
}
