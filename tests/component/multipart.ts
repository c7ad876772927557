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
