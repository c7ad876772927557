import { type ReactNode, useEffect, useId, useRef } from 'react';

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
      <style>{`
        .modal { border: none; border-radius: 12px; padding: 0; width: min(480px, calc(100vw - 2rem)); box-shadow: 0 20px 60px rgb(0 0 0 / 25%); }
        .modal-wide { width: min(760px, calc(100vw - 2rem)); }
        .modal::backdrop { background: rgb(15 42 68 / 55%); }
        .modal-inner { padding: 1.25rem 1.5rem; }
        .modal-head { display: flex; justify-content: space-between; align-items: start; gap: 1rem; }
        .modal-head h2 { font-size: 1.25rem; margin: 0; }
        .modal-x { border: none; background: none; font-size: 1.6rem; line-height: 1; cursor: pointer; min-width: 44px; min-height: 44px; margin: -.6rem -.8rem 0 0; color: var(--muted); }
        .modal-body { margin: 1rem 0; overflow-wrap: anywhere; }
        .modal-foot { display: flex; justify-content: flex-end; gap: .75rem; flex-wrap: wrap; }
      `}</style>
    </dialog>
  );
}
