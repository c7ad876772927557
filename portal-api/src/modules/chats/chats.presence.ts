import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import type { ServerFrame } from './chats.schema.ts';
import type { ChatHub, Peer } from './hub.ts';

// Who is connected: a socket takes its user from the first frame it sends, and
// admins hear when a client's first socket comes and its last one goes.

export class ChatPresence {
  constructor(private readonly hub: ChatHub) {
    hub.onDrop = (peer) => {
      if (peer.role === 'client' && peer.userId && !hub.isOnline(peer.userId)) {
        this.toAdmins({ type: 'presence', userId: peer.userId, online: false });
      }
    };
  }

  /** Binds a socket to the user of a frame's token (one user per socket); a client's first socket is announced. */
  attach(peer: Peer, user: AuthUser): void {
    peer.sessions.add(user.sessionId);
    if (peer.userId && peer.userId !== user.id)
      throw new HttpError(409, 'This connection is signed in as another user.', { code: 'signed_in_elsewhere' });
    if (peer.userId) return;
    const wasOnline = this.hub.isOnline(user.id);
    this.hub.bindUser(peer, user.id);
    peer.role = user.role === 'admin' ? null : 'client';
    if (user.role === 'client' && !wasOnline) this.toAdmins({ type: 'presence', userId: user.id, online: true });
  }

  /** Tells an admin's new socket which clients are connected now. */
  sendOnlineClients(admin: Peer): void {
    const online = new Set(
      this.hub
        .allPeers()
        .filter((p) => p.role === 'client' && p.userId)
        .map((p) => p.userId!),
    );
    for (const userId of online) this.hub.send(admin, { type: 'presence', userId, online: true });
  }

  /** Whether an admin is connected to this instance (chat mail waits for nobody to be). */
  anyAdmin(): boolean {
    return this.hub.anyAdmin();
  }

  isOnline(userId: string): boolean {
    return this.hub.isOnline(userId);
  }

  private toAdmins(frame: ServerFrame): void {
    for (const admin of this.hub.admins()) this.hub.send(admin, frame);
  }
}
