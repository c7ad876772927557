import type { Deps } from '../../deps.ts';
import { SocketAuthCache } from './chats.auth-cache.ts';
import { dispatchFrame, type FrameContext } from './chats.frames.ts';
import { ChatPresence } from './chats.presence.ts';
import { createSendLimit } from './chats.send-limit.ts';
import { startSessionSweep } from './chats.session-expiry.ts';
import { readersLinks } from './chats.reader-link.ts';

// /ws: the hub (hub.ts) carries frames; this wires the parts that answer them —
// the token cache (chats.auth-cache.ts), the per-socket send limit
// (chats.send-limit.ts), presence (chats.presence.ts), the mail to the absent
// side (chats.mail.ts), the frame handlers (chats.frames.ts), each reader's own file link
// (chats.reader-link.ts) and the sweep that closes sockets whose sessions ran out
// (chats.session-expiry.ts).

export async function registerChat(deps: Deps): Promise<void> {
  const auth = new SocketAuthCache(deps.db, deps.hub);
  const presence = new ChatPresence(deps.hub);
  const ctx: FrameContext = {
    deps,
    presence,
    takeSendToken: createSendLimit(deps.rateLimits),
    identify: async (peer, token) => {
      const user = await auth.authenticate(token);
      presence.attach(peer, user);
      return user;
    },
  };
  deps.hub.setHandler((peer, data) => dispatchFrame(ctx, peer, data));
  deps.hub.setReaderCopies((frame) => readersLinks(deps.storage, frame));
  // Sockets whose sessions ran out (no logout told the hub) are closed too.
  deps.hub.onClose(startSessionSweep(deps.db, deps.hub, (err) => deps.log.error({ err }, 'session sweep of chat sockets failed')));
}
