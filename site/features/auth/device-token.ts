// The device token of a finished sign-in (/auth/login-verify-otp), sent with the next password step
// of that e-mail from this browser, so wrong passwords sent by others cannot lock its owner out
// (portal-api/src/modules/auth/device.ts). It is the browser's, not the session's: it lives in
// IndexedDB, which logout's localStorage.clear() (docs/product.md §2) leaves alone, keyed by the e-mail.
// Without IndexedDB (a private window that refuses it) sign-in works as before, without it.

const DB_NAME = 'estimating-device';
const STORE = 'tokens';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const keyOf = (email: string) => email.trim().toLowerCase();

export async function readDeviceToken(email: string): Promise<string | undefined> {
  try {
    const db = await open();
    return await new Promise<string | undefined>((resolve) => {
      const req = db.transaction(STORE).objectStore(STORE).get(keyOf(email));
      req.onsuccess = () => resolve(typeof req.result === 'string' ? req.result : undefined);
      req.onerror = () => resolve(undefined);
    }).finally(() => db.close());
  } catch {
    return undefined;
  }
}

export async function saveDeviceToken(email: string, token: string | undefined): Promise<void> {
  if (!token) return;
  try {
    const db = await open();
    await new Promise<void>((resolve) => {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(token, keyOf(email));
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => resolve();
    }).finally(() => db.close());
  } catch {
    // Not kept: the next sign-in goes without it.
  }
}
