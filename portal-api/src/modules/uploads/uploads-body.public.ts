import { z } from 'zod';
import { HttpError, MALFORMED_JSON } from '../../http/errors.ts';
import { tooManyFiles } from '../../lib/storage.ts';
import { REQUIRED_FIELDS } from '../queries/queries.schema.ts';

const BodySchema = z.object({ uploadIds: z.array(z.string().trim().min(1).max(64), { error: REQUIRED_FIELDS }).max(1000) }).loose();

/** True for a JSON body: the variant that names completed uploads instead of carrying files. */
export function isJson(contentType: string | undefined): boolean {
  return /^application\/(.+\+)?json\b/i.test(contentType ?? '');
}

/**
 * The JSON body of a request built from completed uploads: the text fields as
 * strings (checked by the caller's schema, as for multipart) and uploadIds.
 */
export async function readUploadsBody(req: Request, maxFiles: number): Promise<{ fields: Record<string, unknown>; uploadIds: string[] }> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new HttpError(400, MALFORMED_JSON);
  }
  // JSON is only the uploads variant; anything else keeps the multipart answer of docs/product.md §7.
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('uploadIds' in raw)) {
    throw new HttpError(415, 'Expected a multipart/form-data body, or JSON with uploadIds.');
  }
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, REQUIRED_FIELDS);
  const uploadIds = [...new Set(parsed.data.uploadIds)];
  if (uploadIds.length > maxFiles) throw new HttpError(400, tooManyFiles(maxFiles));
  const { uploadIds: _ids, ...fields } = parsed.data;
  return { fields, uploadIds };
}
