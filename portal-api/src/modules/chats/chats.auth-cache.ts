import type { DB } from '../../db/database.ts';
import { authenticate } from '../../http/auth.ts';
import type { AuthUser } from '../../http/env.ts';
import type { ChatHub } from './hub.ts';

// Every /ws frame carries its token (docs/architecture.md §5). Checking
// each against the sessions table would cost a query per frame, so a checked
// token is trusted for a few seconds; a session ended meanwhile (logout,
// password reset) is checked again at once, so it opens nothing. The numbers behind it:
// docs/decisions/0012-socket-token-cache.md.

/**
 * A token is re-checked against the sessions table at most this often (plus up
 * to half again, at random, so sockets opened together do not all re-check in
 * the same millisecond). One entry per token, shared by that user's sockets.
 */
export const AUTH_CACHE_MS = 10_000;
const AUTH_CACHE_MAX = 10_000;

type CachedAuth = { user: AuthUser; expiresAt: number; checkedAt: number };

export class SocketAuthCache {
  private readonly entries = new Map<string, CachedAuth>();
  /** Sessions (`s:`) and users (`u:`) ended in the last moments, with when. */
  private readonly ended = new Map<string, number>();

  constructor(
    private readonly db: DB,
    hub: Pick<ChatHub, 'onSessionsEnded'>,
  ) {
    hub.onSessionsEnded = (end) => {
      const now = Date.now();
      for (const [key, at] of this.ended) if (now - at > AUTH_CACHE_MS * 2) this.ended.delete(key);
      if (end.sessionId) this.ended.set(`s:${end.sessionId}`, now);
      if (end.userId) this.ended.set(`u:${end.userId}`, now);
    };
  }

  /** The user of a token: from the cache while fresh and not ended since, else from the sessions table. */
  async authenticate(token: string): Promise<AuthUser> {
    const now = Date.now();
    const cached = this.entries.get(token);
    if (cached && cached.expiresAt > now && !this.endedSince(cached.user, cached.checkedAt)) return cached.user;
    const user = await authenticate(this.db, token);
    if (this.entries.size >= AUTH_CACHE_MAX) {
      for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
      if (this.entries.size >= AUTH_CACHE_MAX) this.entries.clear();
    }
    this.entries.set(token, { user, expiresAt: now + AUTH_CACHE_MS * (1 + Math.random() / 2), checkedAt: now });
    return user;
  }

  private endedSince(user: AuthUser, at: number): boolean {
    return (this.ended.get(`s:${user.sessionId}`) ?? -1) >= at || (this.ended.get(`u:${user.id}`) ?? -1) >= at;
  }
}
