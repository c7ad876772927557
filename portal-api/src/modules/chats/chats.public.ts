// What other modules may call in the chat module beyond its repo and schema
// (eslint's module wall): the live unread push after a message written elsewhere.
export { pushUnreadAfterMessage } from './chats.unread.ts';
