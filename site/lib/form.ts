import type { FieldErrors, FieldValues } from 'react-hook-form';
import { issueSentence } from '../../portal-api/src/shared/issue-sentence.ts';

/**
 * The first problem zodResolver found, worded as the server words the first issue of a
 * refused request (app.onError), or undefined. The resolver keeps its errors in the
 * schema's issue order and one per field, so the first entry is zod's first issue.
 */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  for (const [field, error] of Object.entries(errors)) {
    const message = error?.message;
    if (typeof message === 'string' && message) return issueSentence({ code: String(error.type), message, path: field.split('.') });
  }
  return undefined;
}
