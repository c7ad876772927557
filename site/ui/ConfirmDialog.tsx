import { busyButton } from './busy-button.ts';
import { Modal } from './Modal.tsx';

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  danger,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  // A destructive confirmation opens on Cancel, so Enter pressed twice (once on the action
  // that opened it, once more by habit) cannot delete or close anything (WCAG 3.3.4).
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          {/* Busy: aria-disabled, so the focus stays in the dialog (and returns to its opener) instead of dropping to <body>. */}
          <button type="button" className="btn btn-secondary" {...busyButton(!!busy, onCancel)} data-autofocus={danger || undefined}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn${danger ? ' btn-danger' : ''}`}
            {...busyButton(!!busy, onConfirm)}
            data-autofocus={!danger || undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
