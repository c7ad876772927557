import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';
import { HttpError, zodMessage } from './errors.ts';

/** A sub-app whose zod validators throw our 400 instead of answering raw zod output. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new HttpError(400, zodMessage(result.error));
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
