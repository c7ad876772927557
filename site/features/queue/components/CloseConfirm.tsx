import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

const CLOSE_CONFIRM = 'Are you sure you want to close this query? This action cannot be undone.';

type Props = { open: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void };

/** The question before a request is closed (docs/product.md §2): the same from a queue row and from the admin's chat. */
export function CloseConfirm({ open, busy, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title="Close Query"
      message={CLOSE_CONFIRM}
      confirmLabel={PRODUCT_TEXTS.confirmClose}
      cancelLabel="Cancel"
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
