import { z } from 'zod';
import { SERVICE_NOT_LISTED } from '../services/services.schema.ts';
import { CONTACT_LIMITS } from './contact.limits.ts';

// SPEC §3 "Contact message" and §5: name, email, service and message are
// required, phone is optional. Lengths are ours (the spec shows none, see
// contact.limits.ts): long enough for any real enquiry, short enough to keep a mail readable.

// Header-like fields end up in a mail subject: no control characters.
const singleLine = /^[^\u0000-\u001f\u007f]*$/;

export const ContactMessageSchema = z
  .object({
    name: z
      .string({ error: 'Please enter your name.' })
      .trim()
      .min(1, 'Please enter your name.')
      .max(CONTACT_LIMITS.name, `Your name can be at most ${CONTACT_LIMITS.name} characters.`)
      .regex(singleLine, 'Please enter your name on one line.'),
    email: z
      .string({ error: 'Please enter your e-mail address.' })
      .trim()
      .min(1, 'Please enter your e-mail address.')
      .max(CONTACT_LIMITS.email, 'Please enter a valid e-mail address.')
      .pipe(z.email('Please enter a valid e-mail address.')),
    phone: z
      .string({ error: 'Please enter a valid phone number.' })
      .trim()
      .max(CONTACT_LIMITS.phone, 'Please enter a valid phone number.')
      .regex(/^$|^\+?[\d\s().-]{7,}$/, 'Please enter a valid phone number.')
      .nullish()
      .transform((v) => (v ? v : null)),
    service: z
      .string({ error: 'Please choose a service.' })
      .trim()
      .min(1, 'Please choose a service.')
      .max(CONTACT_LIMITS.service, SERVICE_NOT_LISTED)
      .regex(singleLine, SERVICE_NOT_LISTED),
    message: z
      .string({ error: 'Please write a message.' })
      .trim()
      .min(1, 'Please write a message.')
      .max(CONTACT_LIMITS.message, `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`),
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactSubmittedSchema = z.object({ message: z.string() }).meta({ id: 'ContactSubmitted' });

/** SPEC §8: the contact form's success text, answered by the API and shown by the form. */
export const CONTACT_SUCCESS = 'Message sent successfully!';
