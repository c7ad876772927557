import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';
import { invalidInput } from './errors.ts';

/** A sub-app whose zod validators throw our 400 instead of answering raw zod output. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error);
    },
  });
}

export type Router = ReturnType<typeof createRouter>;

// The pieces of a route's OpenAPI declaration that every routes file writes the
// same way. The schema stays generic so `c.json(...)` is still checked against it.

/** A response answering JSON in the shape of `schema`. */
export const jsonResponse = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A required JSON request body, spread into a route's `request`. */
export const jsonBody = <T>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

/** What an admin-only operation answers anyone else. */
export const ADMIN_ONLY = { 401: { description: 'No or bad token' }, 403: { description: 'Not an admin' } };

/** What a step on one request (quote, addendum, deliverables, outcome) answers besides success. */
export const STEP_REFUSED = {
  400: { description: 'Bad input' },
  401: { description: 'No or bad token' },
  403: { description: 'Wrong role' },
  404: { description: "Unknown, or another client's" },
};
