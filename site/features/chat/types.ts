import type { ChatUser } from '../../../portal-api/src/modules/chats/chats.schema.ts';

// The admin chat list's rows are GET /chats/users's: paged, newest conversation first.
export type { ChatUser };
export type ChatUserQuery = ChatUser['queries'][number];
