import { useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../portal-api/src/modules/idempotency/idempotency.labels.ts';

// The Idempotency-Key of a form's submission (docs/idempotency.md). A submit whose
// answer was lost on the way back may have been done: its retry sends the same key,
// and the server answers with what it answered the first time instead of doing it
// twice. A key is made once per intended submission: kept while the form says the
// same thing, made anew once the form changes or the submission succeeded.

/** A random key. crypto.randomUUID exists in secure contexts only (MDN), so a plain-http address gets one from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a form says, as text to compare: a picked file by its name, size, type and date (not its bytes). */
export function formFingerprint(content: unknown): string {
  return JSON.stringify(content, (_key, value: unknown) =>
    value instanceof Blob ? ['file', (value as File).name, value.size, value.type, (value as File).lastModified] : value,
  );
}

export type SubmissionKey = {
  /** The key to send `content` with: the last try's while the content is the same, else a new one. */
  for: (content: unknown) => string;
  /** After a success: the next submission is a new one, even with the same content. */
  renew: () => void;
};

export function submissionKey(): SubmissionKey {
  let last: { content: string; key: string } | null = null;
  return {
    for(content) {
      const text = formFingerprint(content);
      if (last?.content !== text) last = { content: text, key: newIdempotencyKey() };
      return last.key;
    },
    renew() {
      last = null;
    },
  };
}

/** A form's SubmissionKey, kept across renders. */
export function useSubmissionKey(): SubmissionKey {
  return useState(submissionKey)[0];
}

type RequestOptions = { headers?: Record<string, string>; init?: RequestInit };

/**
 * hc request options that also send the key: `$post(args, withIdempotencyKey(key))`, or around
 * options that carry a body of their own (`withIdempotencyKey(key, jsonBody(…))`), whose
 * `init.headers` replace `headers` in hc.
 */
export function withIdempotencyKey(key: string, options: RequestOptions = {}): RequestOptions {
  const header = { [IDEMPOTENCY_KEY_HEADER]: key };
  if (!options.init) return { ...options, headers: { ...options.headers, ...header } };
  return { ...options, init: { ...options.init, headers: { ...(options.init.headers as Record<string, string> | undefined), ...header } } };
}
