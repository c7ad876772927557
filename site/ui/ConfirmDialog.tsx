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
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          {/* Busy: aria-disabled, so the focus stays in the dialog (and returns to its opener) instead of dropping to <body>. */}
          <button type="button" className="btn btn-secondary" {...busyButton(!!busy, onCancel)}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn${danger ? ' btn-danger' : ''}`} {...busyButton(!!busy, onConfirm)} autoFocus>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
