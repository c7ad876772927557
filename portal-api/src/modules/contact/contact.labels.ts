import { CONTACT_LIMITS } from './contact.limits.ts';
import { groupDigits } from '../../shared/en-us.ts';

// The contact form's refusals, said by the API (contact.schema.ts); the form marks the field the
// answer's `field` names. No zod here: the form must not load it.

export const CONTACT_TEXTS = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  nameOneLine: 'Please enter your name on one line.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  phoneInvalid: 'Please enter a valid phone number.',
  serviceRequired: 'Please choose a service.',
  messageRequired: 'Please write a message.',
  messageTooLong: `Your message can be at most ${groupDigits(CONTACT_LIMITS.message)} characters.`,
} as const;

/** The form's fields, as the API names them in a refusal's `field`. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'service', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
