import type { Logger } from 'pino';
import type { Role, UserStatus } from '../db/schema.ts';

export type AuthUser = {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  sessionId: string;
  /** The client's company, whose requests they see (modules/queries/queries.access.ts); null for admins. */
  companyId: string | null;
};

/** Hono context variables set by app.ts and http/auth.ts. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: AuthUser;
  };
};
