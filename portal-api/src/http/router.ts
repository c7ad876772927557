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
