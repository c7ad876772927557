import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { insertMessage } from '../chats/chats.repo.ts';
import { reopenForRevision } from '../deliverables/deliverables.repo.ts';
import { QUERY_CHANGED, type QueryStatus } from '../queries/queries.labels.ts';
import { companyTarget } from '../queries/queries.mail.ts';
import { insertQueryFiles, touchQuery } from '../queries/queries.repo.ts';
import { fileSetLabel } from '../queries/queries.rules.ts';
import { runStep, type Actor } from '../queries/queries.public.ts';
import { fileMails } from './files.mail.ts';
import { insertAddendum, nextAddendumNumber } from './files.repo.ts';
import type { IncomingFiles } from './files.incoming.ts';

// The addendum: the client's next set of plans, run by the step runner (queries.step.ts).

/**
 * Client: the incoming files with a note as the next addendum (Addendum 1, 2, …). On an answered
 * request it also asks for a revision. It is a line of the client's in the request's chat too,
 * the firm's unread signal.
 */
export async function addAddendum(deps: Deps, log: Logger, client: Actor, queryId: string, note: string | null, incoming: IncomingFiles) {
  await incoming.store();
  return runStep(deps, log, client, {
    move: 'addendum',
    queryId,
    change: async (trx, q) => {
      const stored = await incoming.claim(trx);
      const number = await nextAddendumNumber(trx, q.id);
      await insertAddendum(trx, { queryId: q.id, number, note, by: client.id });
      await insertQueryFiles(trx, q.id, 'attachment', stored, client.id, { fileSet: number });
      await touchQuery(trx, q.id);
      const label = fileSetLabel(number);
      let reopenedAs: string | null = null;
      if (q.status === 'answered') {
        reopenedAs = await reopenForRevision(trx, q, client.id, note ? `${label}: ${note}` : label);
        if (!reopenedAs) throw new HttpError(409, QUERY_CHANGED);
      }
      const names = stored.map((f) => f.name);
      const text = `${label} added: ${names.join(', ')}${note ? ` (${note})` : ''}`.slice(0, 5000);
      const chat = await insertMessage(trx, { queryId: q.id, senderId: client.id, message: text, replyTo: null });
      return { number, label, reopenedAs, names, chat: { id: chat.id, createdAt: chat.createdAt, text, ownerId: q.user_id } };
    },
    history: (q, r) => [
      { activity: `${r.label} added`, status: q.status },
      ...(r.reopenedAs ? [{ activity: `Revision requested: Rev ${r.reopenedAs}`, status: 'in_progress' as QueryStatus }] : []),
    ],
    mail: (q, r) => fileMails.addendum(companyTarget(deps, q), r.label, note, r.names, client.fullName, r.reopenedAs),
  });
}
