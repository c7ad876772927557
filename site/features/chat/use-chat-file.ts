import { api, call, jsonBody } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { describeProgress, useResumableUploads } from '../../lib/resumable-uploads.ts';
import { toast } from '../../ui/toast-on-demand.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

/**
 * The chat's paperclip (docs/product.md §16): the file goes up through the same resumable upload as
 * the request form's, then POST /chats/query/{id}/files makes it a message of the room. The message
 * itself arrives over /ws like any other, so the list needs nothing from the answer.
 */
export function useChatFile(queryId: string | undefined) {
  const token = useAuth((s) => s.token);
  const uploads = useResumableUploads(token);
  const send = useSingleFlightMutation({
    mutationFn: async (file: File) => {
      if (!queryId) return null;
      const [uploadId] = await uploads.uploadAll([{ id: 'chat-file', file }]);
      return call(api.chats.query[':id'].files.$post({ param: { id: queryId } }, jsonBody({ uploadIds: [uploadId] })));
    },
    onError: (err) => toast.error(uploads.failureOf(err, 'Failed to send the file')),
  });
  const progress = uploads.progress['chat-file'];
  const status = send.isPending && progress ? `Sending ${send.variables?.name ?? 'the file'}: ${describeProgress(progress)}` : null;
  return { send: (file: File) => send.mutate(file), status };
}
