// The longest chat message, shared by the chat schemas and the composer's counter. No imports:
// the chat screens show it without loading zod.
export const MAX_CHAT_MESSAGE = 5000;
