// What other modules may call in the chat module beyond its repo and schema
// (eslint's module wall): the live unread push after a message written elsewhere, and the
// live word to the owner's and the firm's pages that a request changed.
// pushToFirm carries what only admins may hear (assignments, internal notes).
export { pushRequestChange, pushToFirm, pushUnreadAfterMessage } from './chats.unread.ts';
