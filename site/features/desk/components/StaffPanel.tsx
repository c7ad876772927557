import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/date-format.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useFieldRefusal } from '../../../lib/field-refusal.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { EmailText } from '../../../ui/EmailText.tsx';
import { toast } from '../../../ui/toast-on-demand.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { useInviteStaff, useStaff, useStaffSwitch } from '../api.ts';
import './staff-panel.css';

/** The Staff tab of /user (docs/product.md §25): the admins, inviting one, disabling one. */
export function StaffPanel() {
  const staff = useStaff();
  const me = useAuth((s) => s.userId);
  const [email, setEmail] = useState('');
  const [disabling, setDisabling] = useState<{ _id: string; fullName: string } | null>(null);
  const emailId = useId();
  const errorId = useId();
  // The server's refusal of the address itself (not an e-mail, or the admin's own), said under the field.
  const refusal = useFieldRefusal('email', emailId, errorId);
  const invite = useInviteStaff({
    onSuccess: (res) => {
      setEmail('');
      toast.success(res.message);
    },
    onError: (err) => {
      if (!refusal.take(err)) toast.error(err.message || 'Failed to send the invitation');
    },
  });
  const toggle = useStaffSwitch({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(err.message || 'Failed to change the admin'),
    onSettled: () => setDisabling(null),
  });
  return (
    <div className="staff">
      <form
        className="staff-invite"
        onSubmit={(e) => {
          e.preventDefault();
          if (!email.trim()) return;
          refusal.clear();
          invite.mutate(email.trim());
        }}
      >
        <label htmlFor={emailId}>Invite an admin by e-mail</label>
        <input
          id={emailId}
          type="email"
          className="input"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...refusal.fieldProps}
        />
        <button type="submit" className="btn" {...busyButton(invite.isPending)}>
          Send invitation
        </button>
        <p id={errorId} className="error-text staff-invite-error" role="alert">
          {refusal.refusal}
        </p>
      </form>
      {staff.isPending ? (
        <p role="status">Loading staff…</p>
      ) : staff.isError ? (
        <p className="error-text" role="alert">
          {staff.error.message || 'Failed to load the staff'}
        </p>
      ) : (
        <>
          <table className="users-table staff-table">
            <thead>
              <tr>
                <th>Full Name</th>
                <th>Email</th>
                <th>Status</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.data.map((s) => (
                <tr key={s._id}>
                  {/* The labels of the phone's cards (users.css), one per column. */}
                  <td data-label="Full Name">
                    {s.fullName}
                    {s._id === me ? ' (you)' : ''}
                  </td>
                  <td data-label="Email">
                    <EmailText address={s.email} />
                  </td>
                  <td data-label="Status">
                    <span className={`badge badge-${s.status === 'active' ? 'approved' : 'pending'}`}>
                      {s.status === 'active' ? 'Active' : 'Disabled'}
                    </span>
                  </td>
                  <td data-label="Action">
                    {s.status === 'active' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => setDisabling(s)}
                        aria-label={`Disable ${s.fullName}`}
                      >
                        Disable
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm"
                        {...busyButton(toggle.isPending, () => toggle.mutate({ id: s._id, enable: true }))}
                        aria-label={`Enable ${s.fullName}`}
                      >
                        Enable
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {staff.data.invitations.length > 0 && (
            <>
              <h2 className="staff-sub">Open invitations</h2>
              <ul className="staff-invitations">
                {staff.data.invitations.map((i) => (
                  <li key={i._id}>
                    <EmailText address={i.email} /> · invited by {i.invitedBy ?? 'an admin'} · valid until{' '}
                    <time dateTime={i.expiresAt}>{formatDateTime(i.expiresAt)}</time>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={!!disabling}
        title="Disable admin"
        message={`Disable ${disabling?.fullName ?? ''}? Their sessions end at once and they can no longer sign in.`}
        confirmLabel="Disable"
        cancelLabel="Cancel"
        danger
        busy={toggle.isPending}
        onCancel={() => setDisabling(null)}
        onConfirm={() => disabling && toggle.mutate({ id: disabling._id, enable: false })}
      />
    </div>
  );
}
