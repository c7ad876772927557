import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode; footer?: ReactNode; wide?: boolean };

/**
 * A native <dialog>: focus moves in and back, Escape closes, the page behind is inert. The control
 * marked `data-autofocus` takes the focus as it opens (React's autoFocus runs before showModal(),
 * while the dialog is still closed, and is lost).
 */
export function Modal({ open, title, onClose, children, footer, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`modal${wide ? ' modal-wide' : ''}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal-inner">
          <div className="modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="modal-x" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-foot">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
