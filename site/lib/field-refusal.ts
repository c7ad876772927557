import { useState } from 'react';
import { ApiError } from './api.ts';
import { fieldError } from './field-error.ts';

/**
 * The server's refusal of one field of a small form (a 400 naming `field`), said under that field:
 * the sentence, the field's props (`fieldError`), and `take(err)`, which says the error under the
 * field and focuses it when it is that field's refusal, and answers false for any other error (the
 * form's caller then reports it its own way, e.g. in a toast).
 */
export function useFieldRefusal(field: string, fieldId: string, errorId: string) {
  const [refusal, setRefusal] = useState('');
  return {
    refusal,
    fieldProps: fieldError(!!refusal, errorId),
    clear: () => setRefusal(''),
    take(err: unknown): boolean {
      if (!(err instanceof ApiError && err.field === field)) return false;
      setRefusal(err.message);
      document.getElementById(fieldId)?.focus();
      return true;
    },
  };
}
