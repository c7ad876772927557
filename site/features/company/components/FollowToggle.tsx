import { useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { setFollowing } from '../api.ts';

/** Follow / Unfollow a request: whether its e-mails come to the viewer (docs/product.md, "Colleagues"). */
export function FollowToggle({ queryId, following }: { queryId: string; following: boolean }) {
  const [on, setOn] = useState(following);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-sm"
      aria-pressed={on}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await setFollowing(queryId, !on);
          setOn(res.following);
          toast.success(res.message);
        } catch (err) {
          toast.error(err instanceof Error ? err.message : 'Something went wrong');
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? 'Following: e-mails on' : 'Follow this request'}
    </button>
  );
}
