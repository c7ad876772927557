import type { DB } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ContactMessage } from './contact.schema.ts';

export type StoredContactMessage = ContactMessage & { _id: string; createdAt: string };

export async function insertContactMessage(db: DB, input: ContactMessage): Promise<StoredContactMessage> {
  const row = {
    id: newId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    service: input.service,
    message: input.message,
    created_at: nowIso(),
  };
  await db.insertInto('contact_messages').values(row).execute();
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    message: row.message,
    createdAt: row.created_at,
  };
}
