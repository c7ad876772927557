import { useId } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useActiveStaff, useAssign } from '../api.ts';

type Props = { queryId: string; assignee: { _id: string; fullName: string } | null; label?: string; compact?: boolean };

/** Who a request is assigned to (docs/product.md §25): an active admin, or 'Our team'. Admins only. */
export function AssigneeSelect({ queryId, assignee, label = 'Assignee', compact }: Props) {
  const id = useId();
  const staff = useActiveStaff();
  const assign = useAssign({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(err.message || 'Assignment failed'),
  });
  const options = staff.active.some((s) => s._id === assignee?._id) || !assignee ? staff.active : [...staff.active, { ...assignee }];
  return (
    <span className={compact ? 'assignee assignee-compact' : 'assignee'}>
      <label htmlFor={id} className={compact ? 'sr-only' : undefined}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={assignee?._id ?? ''}
        // While a change is sent the box is aria-disabled, not disabled: a disabled control drops
        // the keyboard focus to <body> (WCAG 2.4.3), and the person who just chose stays on it.
        // A choice meanwhile is ignored; the box is controlled, so it shows the assignee again.
        disabled={staff.isPending}
        aria-disabled={assign.isPending || undefined}
        aria-label={compact ? label : undefined}
        onChange={(e) => {
          if (!assign.isPending) assign.mutate({ queryId, assigneeId: e.target.value || null });
        }}
      >
        {/* The queue's narrow column takes the short form; the label names the request either way. */}
        <option value="">{compact ? 'Unassigned' : 'Our team (unassigned)'}</option>
        {options.map((s) => (
          <option key={s._id} value={s._id}>
            {s.fullName}
          </option>
        ))}
      </select>
    </span>
  );
}
