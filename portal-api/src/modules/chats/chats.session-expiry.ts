import type { DB } from '../../db/database.ts';
import { liveSessionIds } from '../auth/auth.public.ts';
import type { ChatHub } from './hub.ts';

// A socket's frames are checked against their session when they come, and logout and
// password resets close sockets at once (hub.endSessions); a session that simply runs out
// (30 days unused, or 90 days after sign-in) tells no one. Without this sweep a socket that
// only listens kept receiving its rooms' frames after its session had ended.

/** How often the sockets' sessions are looked at again: a session's end is days away, not seconds. */
export const SESSION_SWEEP_MS = 5 * 60_000;
/** Session ids per statement. */
const CHUNK = 500;

/** Closes (4001) every socket none of whose sessions is live any more; answers how many. */
export async function closeExpiredSessionSockets(db: DB, hub: ChatHub): Promise<number> {
  const peers = hub.allPeers().filter((peer) => peer.sessions.size > 0);
  const ids = [...new Set(peers.flatMap((peer) => [...peer.sessions]))];
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) for (const id of await liveSessionIds(db, ids.slice(i, i + CHUNK))) live.add(id);
  let closed = 0;
  for (const peer of peers) {
    if ([...peer.sessions].some((id) => live.has(id))) continue;
    hub.endPeer(peer);
    closed += 1;
  }
  return closed;
}

/** Runs the sweep every SESSION_SWEEP_MS until stopped; a failed sweep is logged and tried at the next turn. */
export function startSessionSweep(db: DB, hub: ChatHub, onError: (err: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeExpiredSessionSockets(db, hub)
      .catch(onError)
      .finally(() => (running = false));
  }, SESSION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
