// A multipart/form-data body written out by hand, for the test server's `call`:
// in jsdom, FormData and Blob are jsdom's, which Node's fetch does not serialize.

const BOUNDARY = 'componenttestboundary';

/** A small PDF that passes the server's content sniffing. */
export const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; content?: string }> = []) {
  const part = (name: string, value: string, file?: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
  const body =
    Object.entries(fields)
      .map(([name, value]) => part(name, value))
      .join('') +
    files.map((f) => part(f.field, f.content ?? PDF_TEXT, f.name)).join('') +
    `--${BOUNDARY}--\r\n`;
  return { body: new TextEncoder().encode(body), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/**
 * A page's FormData (jsdom's) written out as that body, files with their bytes: what a browser's
 * fetch sends for `body: form`, which Node's fetch would send as the text '[object FormData]'.
 */
export async function multipartOf(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; headers: { 'content-type': string } }> {
  const chunks: Uint8Array[] = [];
  const text = (s: string) => chunks.push(new TextEncoder().encode(s));
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      continue;
    }
    text(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
    );
    chunks.push(new Uint8Array(await value.arrayBuffer()));
    text('\r\n');
  }
  text(`--${BOUNDARY}--\r\n`);
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}
