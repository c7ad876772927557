// Chat texts shown by the server's error frames and by the chat screens (shared, no imports).

/** SPEC §5: a message sent to a closed request's room. */
export const CHAT_CLOSED = 'This conversation is closed. You cannot send more messages.';
