import { z } from 'zod';
import { SERVICE_NOT_LISTED } from '../services/services.schema.ts';
import { CONTACT_LIMITS } from './contact.limits.ts';
import { CONTACT_TEXTS as T } from './contact.labels.ts';

// docs/product.md §3 "Contact message" and §5: name, email, service and message are
// required, phone is optional. Lengths are ours (docs/product.md gives none, see
// contact.limits.ts): long enough for any real enquiry, short enough to keep a mail readable.

// Header-like fields end up in a mail subject: no control characters.
const singleLine = /^[^\u0000-\u001f\u007f]*$/;

export const ContactMessageSchema = z
  .object({
    name: z
      .string({ error: T.nameRequired })
      .trim()
      .min(1, T.nameRequired)
      .max(CONTACT_LIMITS.name, T.nameTooLong)
      .regex(singleLine, T.nameOneLine),
    email: z
      .string({ error: T.emailRequired })
      .trim()
      .min(1, T.emailRequired)
      .max(CONTACT_LIMITS.email, T.emailInvalid)
      .pipe(z.email(T.emailInvalid)),
    phone: z
      .string({ error: T.phoneInvalid })
      .trim()
      .max(CONTACT_LIMITS.phone, T.phoneInvalid)
      // Digits with the usual separators, and an office extension ('ext 12', 'x12', '#12') after them.
      // No `i` flag: the pattern goes into the OpenAPI document, where JSON Schema has no flags.
      .regex(/^$|^\+?[\d\s().-]{7,}?(?:\s*(?:[Ee][Xx][Tt]\.?|[Xx]|#)\s*\d{1,6})?$/, T.phoneInvalid)
      .nullish()
      .transform((v) => (v ? v : null)),
    service: z
      .string({ error: T.serviceRequired })
      .trim()
      .min(1, T.serviceRequired)
      .max(CONTACT_LIMITS.service, SERVICE_NOT_LISTED)
      .regex(singleLine, SERVICE_NOT_LISTED),
    message: z.string({ error: T.messageRequired }).trim().min(1, T.messageRequired).max(CONTACT_LIMITS.message, T.messageTooLong),
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactSubmittedSchema = z.object({ message: z.string() }).meta({ id: 'ContactSubmitted' });

/** docs/product.md §8: the contact form's success text, answered by the API and shown by the form. */
export const CONTACT_SUCCESS = 'Message sent successfully!';
