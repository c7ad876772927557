import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXTS, REPLAYED_HEADER } from './idempotency.labels.ts';

/** The key as sent: any printable ASCII (a UUID, or the draft's quoted string), 1 to 255 characters. */
export const IdempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,255}$/, IDEMPOTENCY_TEXTS.invalid);

/** The header as an OpenAPI parameter, for the routes that take it (their `parameters`). */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header' as const,
  required: false,
  description:
    'Optional; 1 to 255 printable ASCII characters, e.g. a UUID made once per intended submission and sent again on its retries. ' +
    'The first call with a key runs; a successful answer (status and body) is kept for 24 hours for the signed-in user, and a ' +
    `repeat with the same key, method and path answers it again with \`${REPLAYED_HEADER}: true\` and does nothing. A failed ` +
    'call keeps nothing. The same key on another method or path answers 422; a repeat while the first call runs answers 409.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, example: '8e03978e-40d5-43e8-bc93-6894a57f9324' },
};

/** The answers the header adds to a route's own (a route's own 409 is kept beside it). */
export function idempotentResponses<R extends Record<string, { description: string }>>(responses: R) {
  const own = (status: string) => (responses as Record<string, { description: string } | undefined>)[status]?.description;
  return {
    ...responses,
    400: { description: `${own('400') ?? 'Bad input'}; or an ${IDEMPOTENCY_KEY_HEADER} that is not 1 to 255 printable ASCII characters` },
    409: { description: [own('409'), `the first call with this ${IDEMPOTENCY_KEY_HEADER} is still running`].filter(Boolean).join('; or ') },
    422: { description: `This ${IDEMPOTENCY_KEY_HEADER} was used for another method or path` },
  };
}
