// Chat texts shown by the server's error frames and by the chat screens (shared, no imports).

/** docs/product.md §5: a message sent to a closed request's room. */
export const CHAT_CLOSED = 'This conversation is closed. You cannot send more messages.';
/** /chat/{id} of a request that is not among the signed-in client's own (another account's mail link, a deleted request). */
export const CHAT_NOT_YOURS = {
  title: 'Request not found',
  text: 'This request is not in your account. If its link came by e-mail, sign in with the account the e-mail was sent to.',
} as const;
/** A reply to a message of another conversation (or none). */
export const CHAT_BAD_REPLY = 'The message you replied to is not part of this conversation.';

/** Sent just before a socket is closed because its session ended (logout, password reset); /login says it after. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
/** WebSocket close code for it (4000–4999 are the application's own, RFC 6455 §7.4.2); the pages stop reconnecting on it. */
export const SESSION_ENDED_CLOSE = 4001;

/** The filters of the admin chat's list of requests (docs/product.md §15). */
export const CHAT_REQUEST_FILTERS = ['unread', 'open', 'all'] as const;
