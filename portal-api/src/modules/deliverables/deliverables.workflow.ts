import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import type { IncomingFiles } from '../files/files.public.ts';
import { enqueueForFollowers } from '../companies/companies.public.ts';
import { QUERY_CHANGED } from '../queries/queries.labels.ts';
import { clientTarget, companyTarget, deliverablesAddedMail } from '../queries/queries.mail.ts';
import { insertQueryFiles, touchQuery } from '../queries/queries.repo.ts';
import type { Query } from '../queries/queries.schema.ts';
import { runStep, type Actor } from '../queries/queries.public.ts';
import { revisionMails } from './deliverables.mail.ts';
import { currentRevisionLetter, reopenForRevision } from './deliverables.repo.ts';

// Revisions and deliverables: 'Request a revision' is a move of the step runner; adding
// deliverables is the firm's work on the request, not a move of its status.

/** Client (own) or admin: 'Request a revision' on an answered request, with a reason. */
export function reopenQuery(deps: Deps, log: Logger, by: Actor, queryId: string, reason: string) {
  return runStep(deps, log, by, {
    move: 'reopen',
    queryId,
    change: async (trx, q) => {
      const letter = await reopenForRevision(trx, q, by.id, reason);
      if (!letter) throw new HttpError(409, QUERY_CHANGED);
      return { letter };
    },
    history: (_q, { letter }) => [{ activity: `Revision requested: Rev ${letter}`, status: 'in_progress' }],
    mail: (q, { letter }) =>
      revisionMails.reopened(by.role === 'admin' ? clientTarget(deps, q) : companyTarget(deps, q), letter, reason, by.fullName),
  });
}

/**
 * Lists the incoming files as deliverables of the current revision, in one transaction with the
 * claim of their uploads and the history line. On a request that is answered (read in the
 * transaction) the client is mailed the revision and the new files: their 'estimate ready' mail
 * listed only the files it had then. Before the answer, that mail will list these.
 */
export async function addDeliverables(deps: Deps, admin: Actor, query: Query, incoming: IncomingFiles): Promise<number> {
  await incoming.store();
  return deps.db.transaction().execute(async (trx) => {
    const stored = await incoming.claim(trx);
    const revision = await currentRevisionLetter(trx, query._id);
    await insertQueryFiles(trx, query._id, 'deliverable', stored, admin.id, { revision });
    await touchQuery(trx, query._id);
    const names = stored.map((f) => f.name);
    const current = await trx.selectFrom('queries').select('status').where('id', '=', query._id).executeTakeFirst();
    if (current?.status === 'answered')
      await enqueueForFollowers(trx, query._id, deliverablesAddedMail(deps.config.publicUrl, query, revision, names));
    await recordActivity(trx, {
      actorId: admin.id,
      userId: query.user._id,
      queryId: query._id,
      activity: `Deliverables added: ${names.join(', ')}`.slice(0, 300),
      status: query.status,
    });
    return stored.length;
  });
}
