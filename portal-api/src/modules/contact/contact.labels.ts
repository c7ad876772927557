import { CONTACT_LIMITS } from './contact.limits.ts';

// The contact form's refusals, said by the API (contact.schema.ts) and matched by the form
// (ContactForm.tsx), which ties each to its field. No zod here: the form must not load it.

export const CONTACT_TEXTS = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  nameOneLine: 'Please enter your name on one line.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  phoneInvalid: 'Please enter a valid phone number.',
  serviceRequired: 'Please choose a service.',
  messageRequired: 'Please write a message.',
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
} as const;

export type ContactField = 'name' | 'email' | 'phone' | 'service' | 'message';

const T = CONTACT_TEXTS;
const FIELD_TEXTS: Record<ContactField, readonly string[]> = {
  name: [T.nameRequired, T.nameTooLong, T.nameOneLine],
  email: [T.emailRequired, T.emailInvalid],
  phone: [T.phoneInvalid],
  service: [T.serviceRequired],
  message: [T.messageRequired, T.messageTooLong],
};

/** The field a refusal of the API is about, or undefined (e.g. a service no longer offered names none). */
export function contactFieldOf(message: string): ContactField | undefined {
  return (Object.keys(FIELD_TEXTS) as ContactField[]).find((field) => FIELD_TEXTS[field].includes(message));
}
