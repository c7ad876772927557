// The Idempotency-Key request header (IETF draft-ietf-httpapi-idempotency-key-header)
// on the calls that create something (docs/idempotency.md). No imports: the server and
// the browser's forms read the names and sentences from here.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the kept answer of an earlier call with the same key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a successful call's answer is kept for a retry with its key. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;

export const IDEMPOTENCY_TEXTS = {
  invalid: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  running: 'This request is still being processed. Please wait a moment.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
} as const;

/**
 * The request form says this instead of the server's 'Please add those files again' when its
 * uploads are gone after a submit whose answer never came: that submit may have made the
 * request with them (the form had changed since, so its retry went with a new key).
 */
export const MAYBE_SUBMITTED = 'Your earlier submit may have reached us: please check My Queries before adding those files again.';
