import type { z } from 'zod';
import { groupDigits } from '../../portal-api/src/shared/en-us.ts';

// Text fields no longer cut what a person types at their maximum: a
// counter appears near the limit and the form refuses, with a sentence, text
// that is too long. The limits themselves come from the *.schema.ts files.

/** The counter shows from this share of the limit on. */
const NEAR = 0.8;

export type LimitState = { near: boolean; over: boolean; count: string; problem: string | null };

/** What a field of `length` characters with at most `max` shows. */
export function limitState(length: number, max: number): LimitState {
  const fmt = groupDigits;
  const over = length > max;
  return {
    near: length >= Math.floor(max * NEAR),
    over,
    count: `${fmt(length)} / ${fmt(max)}`,
    problem: over ? `At most ${fmt(max)} characters: please remove ${fmt(length - max)}.` : null,
  };
}

/** The first problem among `[label, value, max]` fields, named by label, or null. */
export function firstTooLong(fields: ReadonlyArray<readonly [label: string, value: string, max: number]>): string | null {
  for (const [label, value, max] of fields) {
    const state = limitState(value.length, max);
    if (state.problem) return `${label}: ${state.problem}`;
  }
  return null;
}

/**
 * zod's per-parse `error` option for a form over a shared schema whose lengths carry
 * no message (zodResolver(schema, { error: tooLongMessages(labels) })): a text field
 * over its maximum says what firstTooLong says, named by its label in `labels`.
 */
export function tooLongMessages(labels: Readonly<Record<string, string>>): z.core.$ZodErrorMap {
  return (issue) => {
    const label = labels[String(issue.path?.[0])];
    if (issue.code !== 'too_big' || !label || typeof issue.input !== 'string') return undefined;
    return firstTooLong([[label, issue.input, Number(issue.maximum)]]) ?? undefined;
  };
}
