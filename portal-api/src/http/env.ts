import type { Logger } from 'pino';
import type { Role, UserStatus } from '../db/schema.ts';

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
  };
};
