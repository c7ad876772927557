import type { TestServer } from './harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Submits a request as `token` for the seeded 'Manufacturers' service (no sub-services) with one PDF,
 * and any other fields of the form (projectName, location, …); returns its id.
 */
export async function submitQuery(
  server: TestServer,
  token: string,
  message: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const services = (await server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const fd = new FormData();
  fd.append('message', message);
  for (const [name, value] of Object.entries(fields)) fd.append(name, value);
  fd.append('service', services.find((s) => s.title === 'Manufacturers')!._id);
  fd.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { form: fd, token });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}
