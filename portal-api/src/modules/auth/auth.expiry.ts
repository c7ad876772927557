import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { deleteCodesExpiredBefore } from './otp.repo.ts';
import { deleteExpiredSessions } from './session.repo.ts';

const EVERY_MS = 60 * 60_000;
/** A code is kept a day past its expiry, for an operator looking into yesterday's sign-in trouble. */
const CODE_KEPT_MS = 24 * 60 * 60_000;

/**
 * Deletes what sign-in leaves behind once it is of no use, every hour and once at start:
 * sessions past their expiry and one-time codes a day past theirs. Every sign-in writes both,
 * so without this the tables would grow for as long as the portal runs. Returns the stop function.
 */
export function startAuthExpiry(db: DB, log: Logger): () => Promise<void> {
  const job = repeatEvery(
    EVERY_MS,
    async () => {
      const now = new Date();
      const sessions = await deleteExpiredSessions(db, now);
      const codes = await deleteCodesExpiredBefore(db, new Date(now.getTime() - CODE_KEPT_MS));
      if (sessions || codes) log.info({ sessions, codes }, 'removed expired sessions and sign-in codes');
    },
    (err) => log.error({ err }, 'removing expired sessions and sign-in codes failed'),
  );
  return job.stop;
}
