import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../../portal-api/src/app.ts';
import { errorCodeOf, type ErrorCode } from '../../portal-api/src/shared/error-codes.ts';
import { followStoredSession, useAuth } from './auth-store.ts';
import { markSessionEnded } from './guards.ts';

// The one browser API client: Hono's `hc` over the server's AppType, so every path,
// input and answer is typed from the route declarations. The session's bearer token
// is added here, the server's { message, code } becomes ApiError, and a 401 on a call that
// carried the session ends that session (sessionRefused).

/**
 * A failed call. `message` is the server's own sentence ({ message }), or '' when there is none
 * (the network failed, or the answer was not our JSON): screens then show their docs/product.md §8 fallback
 * (`err.message || 'Failed to …'`). `body` is the answer's text as it came (docs/product.md §8's
 * 'Error {status}: {body}'). Screens decide by `code` (shared/error-codes.ts), never by the
 * sentence, which may be reworded; `field` names the form field a 400 is about.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | undefined;
  readonly field: string | undefined;
  constructor(
    readonly status: number,
    message: string,
    readonly body = '',
  ) {
    super(message);
    const data = parseJson(body);
    this.code = errorCodeOf(data);
    const field = (data as { field?: unknown } | null)?.field;
    this.field = typeof field === 'string' ? field : undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The machine code of a failed call, or undefined (a network failure, an answer that is not ours). */
export const errorCode = (err: unknown): ErrorCode | undefined => (err instanceof ApiError ? err.code : undefined);
/** Whether this page is a sign-in screen (a refused session leaves it where it is). */
const onAuthScreen = () => /^\/(login|signup|forgot-password|otp-verification|reset-password)\b/.test(window.location.pathname);

/**
 * The server refused `refused` (a 401 on a call that carried it, or the chat socket closed
 * because its session ended). Another tab may have signed out, or signed out and in again,
 * since this tab read the token: the browser is signed out only while `refused` is still the
 * stored token (docs/product.md §2: clearing local storage then would end that other tab's new session).
 * Answers the newer token of the same person to try again with; null once this tab is signed
 * out and on its way to /login (or reloading for another person's session).
 */
export function sessionRefused(refused: string): string | null {
  if (followStoredSession() === 'reloading') return null;
  const { token, signOut } = useAuth.getState();
  if (token && token !== refused) return token;
  if (token) signOut();
  if (onAuthScreen()) return null;
  markSessionEnded();
  window.location.assign('/login');
  return null;
}

function clientFor(session: boolean) {
  return hc<AppType>('/api', {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const send = (token: string | null) => {
        const headers = new Headers(init?.headers);
        headers.set('accept', 'application/json');
        if (token) headers.set('authorization', `Bearer ${token}`);
        // Read at call time, so a test page may point fetch at its server.
        return globalThis.fetch(input, { ...init, headers, cache: 'no-store' });
      };
      const explicit = new Headers(init?.headers).has('authorization');
      const token = session && !explicit ? useAuth.getState().token : null;
      const res = await send(token);
      if (res.status !== 401 || !token) return res;
      // Once, with the session another tab stored meanwhile (the bodies hc sends, text and FormData, can be sent again).
      const newer = sessionRefused(token);
      if (!newer) return res;
      const again = await send(newer);
      if (again.status === 401) sessionRefused(newer);
      return again;
    },
  });
}

/** Calls with the stored session (when there is one). */
export const api = clientFor(true);
/** Calls that never send the session: sign-in screens and public pages. */
export const publicApi = clientFor(false);

type Ok<T> =
  T extends ClientResponse<infer Body, infer Status, infer _Format> ? (Status extends 200 | 201 | 202 | 203 ? Body : never) : never;

/** The server's sentence of a failed call, or '' (then the screen says its docs/product.md §8 fallback: `serverMessage(err) || '…'`). */
export const serverMessage = (err: unknown): string => (err instanceof ApiError ? err.message : '');

function messageOf(data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/** Awaits an `hc` call: the answer's body on success, ApiError with the server's message otherwise. */
export async function call<T extends ClientResponse<unknown, number, string>>(request: Promise<T>): Promise<Ok<T>> {
  let res: T;
  try {
    res = await request;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, '');
  }
  const text = await res.text();
  let data: unknown = null;
  let json = true;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    json = false;
  }
  if (!res.ok) throw new ApiError(res.status, messageOf(data), text);
  // A success whose body is not JSON (a proxy's page, a cut answer) is a failure too, not an empty answer.
  if (!json) throw new ApiError(res.status, '', text);
  return data as Ok<T>;
}

/**
 * A JSON body for a route that reads its body itself (it takes multipart or JSON, so no validator
 * declares the JSON one for `hc` to type): `api.queries[':id'].addenda.$post({ param }, jsonBody({...}))`.
 */
export const jsonBody = (body: unknown) => ({ init: { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } });

/** The bearer header of a one-time token (the reset token of /auth/reset-password). */
export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

type Endpoint = (...args: any[]) => Promise<ClientResponse<unknown, number, string>>;
type Route<M extends '$post' | '$put'> = { $path: (...args: any[]) => string } & Record<M, Endpoint>;

/**
 * A multipart upload with progress (fetch cannot report upload progress; XHR can), to the
 * route `hc` names: `upload(api.queries, '$post', form, setProgress)`.
 */
export function upload<R extends Route<M>, M extends '$post' | '$put'>(
  route: R,
  method: M,
  form: FormData,
  onProgress: (percent: number) => void,
  param?: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Ok<Awaited<ReturnType<R[M]>>>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method === '$put' ? 'PUT' : 'POST', `/api${route.$path(param ? { param } : undefined)}`);
    const token = useAuth.getState().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    // e.g. the Idempotency-Key of a new post (lib/idempotency-key.ts).
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      let json = true;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = false;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json) return resolve(data as Ok<Awaited<ReturnType<R[M]>>>);
      if (xhr.status === 401 && token) {
        // As clientFor: again with the session another tab stored meanwhile (a second refusal signs out).
        const newer = sessionRefused(token);
        if (newer) return resolve(upload(route, method, form, onProgress, param, headers));
      }
      reject(new ApiError(xhr.status, messageOf(data), xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.send(form);
  });
}

/** Profile images may be relative paths (docs/product.md §3): prefix them with the API origin. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
}
