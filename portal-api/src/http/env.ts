import type { Logger } from 'pino';
import type { Role, UserStatus } from '../db/schema.ts';
import type { CachedBody } from '../lib/read-cache.ts';

export type AuthUser = {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  sessionId: string;
};

/** Hono context variables set by app.ts and http/auth.ts. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: AuthUser;
    /** Set by lib/read-cache.ts when the answer is a cached public read (http/replay.ts keeps it). */
    cachedAnswer: { cached: CachedBody; status: 200 | 304 };
  };
};
