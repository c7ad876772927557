import { useAuth } from './auth-store.ts';

// The one browser API client: bearer token from the auth store, the server's
// { message } turned into ApiError, a 401 signs the browser out.

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** Send the bearer token (default true when one is stored). */
  auth?: boolean;
  /** A bearer other than the session (the one-time reset token of /auth/reset-password). */
  bearer?: string;
  signal?: AbortSignal;
};

function onUnauthorized(): void {
  const { token, signOut } = useAuth.getState();
  if (!token) return;
  signOut();
  if (!/^\/(login|signup|forgot-password|otp-verification|reset-password)\b/.test(window.location.pathname)) {
    window.location.assign('/login');
  }
}

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useAuth.getState().token;
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal, cache: 'no-store' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    if (res.status === 401 && options.auth !== false) onUnauthorized();
    const message = (data as { message?: string } | null)?.message ?? `Request failed (${res.status})`;
    throw new ApiError(res.status, message);
  }
  return data as T;
}

/** A multipart upload with progress (fetch cannot report upload progress; XHR can). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    const token = useAuth.getState().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401) onUnauthorized();
      reject(new ApiError(xhr.status, (data as { message?: string } | null)?.message ?? `Request failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    xhr.send(form);
  });
}

/** Profile images may be relative paths (SPEC §3): prefix them with the API origin. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
}
