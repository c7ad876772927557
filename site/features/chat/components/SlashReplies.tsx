import { useEffect } from 'react';
import { useSavedReplies } from '../../desk/index.ts';
import { fillPlaceholders, oneLine, withAttachedFiles } from '../../../../portal-api/src/modules/saved-replies/saved-replies.rules.ts';
import type { SlashReply } from './Composer.tsx';

type Props = {
  clientFullName: string;
  projectName: string | null;
  bidDueDate: string | null;
  onReplies: (replies: SlashReply[]) => void;
};

/**
 * The saved replies for the composer's '/', filled for the open request (docs/product.md §25). It
 * draws nothing: it hands them to the conversation, which loads it beside itself rather than with
 * the page (ChatPanel.tsx), as the desk's code is needed only once '/' is typed. The files' line
 * is written here, as the server would add it, so the echo matches what was sent.
 */
export default function SlashReplies({ clientFullName, projectName, bidDueDate, onReplies }: Props) {
  const replies = useSavedReplies();
  useEffect(() => {
    onReplies(
      (replies.data ?? []).map((r) => {
        const filled = fillPlaceholders(r.body, { clientFullName, projectName, bidDueDate });
        const text = withAttachedFiles(
          oneLine(filled),
          r.files.map((f) => f.name),
        );
        return { _id: r._id, title: r.title, text, hasFiles: r.files.length > 0 };
      }),
    );
  }, [replies.data, clientFullName, projectName, bidDueDate, onReplies]);
  return null;
}
