import { createHash } from 'node:crypto';
import { CONTRACT_CHECK, expectDocumented } from './openapi-contract.ts';

// Raw tus 1.0.0 requests for the API tests: every header written out, so a
// test can forge an offset or send too many bytes on purpose. In the API tests each answer is held
// to the OpenAPI document, as server.call()'s are (harness.ts).

export type TusCall = { status: number; headers: Headers; body: any };

export async function tusRequest(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<TusCall> {
  const headers: Record<string, string> = { 'tus-resumable': '1.0.0', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: opts.body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  const answer = { status: res.status, headers: res.headers, body };
  if (CONTRACT_CHECK) await expectDocumented(baseUrl, method, path, { body: opts.body }, answer);
  return answer;
}

/** POST: creates an upload of `size` bytes named `name`; returns its path and id. */
export async function createUpload(
  baseUrl: string,
  token: string,
  name: string,
  size: number,
): Promise<{ path: string; id: string; res: TusCall }> {
  const res = await tusRequest(baseUrl, 'POST', '/api/uploads/tus', {
    token,
    headers: { 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')}` },
  });
  const location = res.headers.get('location') ?? '';
  const path = location.startsWith('http') ? new URL(location).pathname : location;
  return { path, id: path.split('/').pop() ?? '', res };
}

export function patchUpload(baseUrl: string, token: string, path: string, offset: number, bytes: Buffer | BodyInit): Promise<TusCall> {
  return tusRequest(baseUrl, 'PATCH', path, {
    token,
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes,
  });
}

export async function uploadWhole(baseUrl: string, token: string, name: string, data: Buffer): Promise<string> {
  const { path, id, res } = await createUpload(baseUrl, token, name, data.length);
  if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  const done = await patchUpload(baseUrl, token, path, 0, data);
  if (done.status !== 204) throw new Error(`patch ${name}: ${done.status} ${JSON.stringify(done.body)}`);
  return id;
}

export const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');
