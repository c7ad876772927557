import { useState } from 'react';
import { busyButton } from '../../../ui/busy-button.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useFieldRefusal } from '../../../lib/field-refusal.ts';
import { paths } from '../../../lib/routes.ts';
import { useCompany, useInvite, useLeaveCompany, useRemoveMember, useWithdrawInvite } from '../api.ts';
import './team-section.css';

type Member = { _id: string; fullName: string; email: string; status: string; isOwner: boolean };
const INVITE_FIELD = 'team-invite-email';
const INVITE_ERROR = 'team-invite-error';

/**
 * The Team section of /client-profile (docs/product.md, "Colleagues"): the company's members, and
 * for its owner the invitation form, the open invitations and Remove; for a member, Leave.
 */
export function TeamSection() {
  const company = useCompany();
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The server's refusal of the address itself (not an e-mail, or the owner's own), said under the field.
  const refusal = useFieldRefusal('email', INVITE_FIELD, INVITE_ERROR);
  const fail = (err: Error) => toast.error(err.message || 'Something went wrong');
  const invite = useInvite(
    (m) => {
      toast.success(m);
      setEmail('');
    },
    (err) => refusal.take(err) || fail(err),
  );
  const remove = useRemoveMember((m) => toast.success(m), fail);
  const withdraw = useWithdrawInvite((m) => toast.success(m), fail);
  const leave = useLeaveCompany(() => {
    // Leaving ends every session of this account: start again from the sign-in page.
    useAuth.getState().signOut();
    window.location.assign(paths.login);
  }, fail);

  // A removed member's or a withdrawn invitation's button goes with its line: the focus moves to the
  // same button of the line that takes its place, else of the one before, else to the invite field.
  const keepFocusIn = (list: string) => {
    const buttons = () => [...document.querySelectorAll<HTMLElement>(`.team ${list} button`)];
    const at = buttons().indexOf(document.activeElement as HTMLElement);
    rescueFocus(() => {
      const left = buttons();
      return left[at] ?? left[at - 1] ?? document.getElementById(INVITE_FIELD);
    });
  };

  if (company.isError) return <p role="alert">{company.error.message}</p>;
  if (!company.data) return <p role="status">Loading team…</p>;
  const team = company.data.data;
  return (
    <section className="card team" aria-labelledby="team-title">
      <h2 id="team-title">Team</h2>
      <p className="team-lead">
        Everyone in {team.name} sees and discusses each other&apos;s requests. Each request&apos;s e-mails go to its followers.
      </p>
      <ul className="team-members" aria-label="Members">
        {team.members.map((m) => (
          <li key={m._id}>
            <span className="team-name">{m.fullName}</span> <span className="team-email">{m.email}</span>
            {m.isOwner ? <span className="badge">Owner</span> : null}
            {m.status !== 'approved' ? <span className="badge badge-pending">Waiting for approval</span> : null}
            {team.isOwner && !m.isOwner ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  keepFocusIn('.team-members');
                  setRemoving(m);
                }}
                aria-label={`Remove ${m.fullName}`}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {team.isOwner ? (
        <>
          <form
            className="team-invite"
            onSubmit={(e) => {
              e.preventDefault();
              if (!email.trim()) return;
              refusal.clear();
              invite.mutate(email.trim());
            }}
          >
            <label htmlFor={INVITE_FIELD}>Invite a colleague by e-mail</label>
            <input
              id={INVITE_FIELD}
              className="input"
              type="email"
              maxLength={320}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              {...refusal.fieldProps}
            />
            <button type="submit" className="btn" {...busyButton(invite.isPending)}>
              {invite.isPending ? 'Sending…' : 'Send invitation'}
            </button>
            <p id={INVITE_ERROR} className="error-text team-invite-error" role="alert">
              {refusal.refusal}
            </p>
          </form>
          {team.invites.length ? (
            <ul className="team-invites" aria-label="Open invitations">
              {team.invites.map((i) => (
                <li key={i._id}>
                  {i.email}{' '}
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => {
                      keepFocusIn('.team-invites');
                      withdraw.mutate(i._id);
                    }}
                    aria-label={`Withdraw the invitation to ${i.email}`}
                  >
                    Withdraw
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <button type="button" className="btn btn-sm" onClick={() => setLeaving(true)}>
          Leave {team.name}
        </button>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove member"
        message={`Remove ${removing?.fullName ?? ''}? They are signed out at once and no longer see your requests.`}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing._id);
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={leaving}
        title="Leave the company"
        message="You will no longer see its requests, and you will be signed out."
        confirmLabel="Leave"
        cancelLabel="Cancel"
        danger
        busy={leave.isPending}
        onCancel={() => setLeaving(false)}
        onConfirm={() => leave.mutate()}
      />
    </section>
  );
}
