// Field lengths of the contact form, shared by the API schema and the browser
// form (which must not import zod just for these numbers).
export const CONTACT_LIMITS = { name: 120, email: 320, phone: 40, service: 120, message: 5000 } as const;
