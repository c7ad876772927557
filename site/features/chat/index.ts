// What other areas may take from the chat area (eslint.config.js, "areas"). The pages mount its
// screens (components/ChatScreen.tsx, components/AdminChatScreen.tsx); no other area needs more than
// the room hook yet.
export { useChatRoom, type ChatMessage, type ChatRoom } from './useChatRoom.ts';
