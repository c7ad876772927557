import { CloseConfirm, useStatusChange } from '../../queue/index.ts';

type Props = {
  queryId: string;
  open: boolean;
  /** Just before the request is closed: where the focus goes once 'Close Query' is gone. */
  onClosing: () => void;
  onClosed: () => void;
  onDone: () => void;
};

/**
 * 'Close Query' of the admin chat (docs/product.md §2) asks first. Loaded when the button is
 * reached, not with the page (ChatPanel.tsx): with it come the queue's status calls.
 */
export default function CloseQueryDialog({ queryId, open, onClosing, onClosed, onDone }: Props) {
  const change = useStatusChange();
  const closeQuery = () => {
    onClosing();
    change.mutate({ id: queryId, status: 'closed' }, { onSuccess: onClosed, onSettled: onDone });
  };
  return <CloseConfirm open={open} busy={change.isPending} onCancel={onDone} onConfirm={closeQuery} />;
}
