import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { Mailer } from './lib/mail.ts';
import type { Storage } from './lib/storage.ts';
import type { ChatHub } from './modules/chats/hub.ts';

/** What every module's routes factory receives from server.ts. */
export type Deps = {
  config: Config;
  db: DB;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  hub: ChatHub;
};
