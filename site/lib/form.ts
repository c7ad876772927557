import type { FieldErrors } from 'react-hook-form';

/**
 * The message of the first field a form's schema refused, in the schema's field order
 * (zod reports issues in that order and the zod resolver keeps it): the forms show one
 * sentence at a time, as the product does.
 */
export function firstError(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) if (typeof error?.message === 'string') return error.message;
  return undefined;
}
