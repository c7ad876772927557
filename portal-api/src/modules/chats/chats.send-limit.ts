import type { RateLimits } from '../../lib/rate-limit.ts';
import type { Peer } from './hub.ts';

/** Per socket: a burst of 60 messages, then 5 a second (far above typing speed, far below a script). */
export const SEND_LIMIT = { burst: 60, perSecond: 5 } as const;

/**
 * The token bucket of sendMessage, one per socket. A socket lives on one
 * instance, so its bucket stays in this instance's memory even on PostgreSQL.
 * Returns take(peer): true when the socket may send now.
 */
export function createSendLimit(rateLimits: RateLimits): (peer: Peer) => Promise<boolean> {
  const bucket = rateLimits.bucket('chat:send', { burst: SEND_LIMIT.burst, points: SEND_LIMIT.perSecond, perSeconds: 1 }, { local: true });
  const keys = new WeakMap<Peer, string>();
  let next = 0;
  return async (peer) => {
    let key = keys.get(peer);
    if (!key) keys.set(peer, (key = String(++next)));
    return (await bucket.take(key)) === 0;
  };
}
