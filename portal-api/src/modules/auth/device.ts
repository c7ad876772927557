import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Device tokens (OWASP "Blocking Brute Force Attacks": device cookies). A browser that has
// finished a sign-in keeps a token that names its device for that user; its password tries are
// throttled on their own key, so wrong passwords sent by anyone else, which throttle the e-mail,
// cannot lock the owner out. The token opens nothing: the password and the
// e-mailed code are still asked for. It is an HMAC of the user and a random device id under a
// secret of the install (settings 'secret.device'), so nothing is stored per device.

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

export function createDeviceTokens(secret: Uint8Array) {
  const mac = (userId: string, device: string) => createHmac('sha256', secret).update(`device:${userId}:${device}`).digest();
  return {
    /** A new device token for `userId`, handed out with a finished sign-in. */
    issue(userId: string): string {
      const device = randomBytes(16).toString('base64url');
      return `${device}.${mac(userId, device).toString('base64url')}`;
    },
    /** The device id of `token` when it was issued to `userId`; null for none, another user's or a forged one. */
    deviceOf(userId: string, token: string | undefined): string | null {
      const [device, given, extra] = (token ?? '').split('.');
      if (!device || !given || extra !== undefined) return null;
      const expected = mac(userId, device);
      const actual = Buffer.from(given, 'base64url');
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? device : null;
    },
  };
}
