import { z } from 'zod';

// The admin's "Rebuild the public site" (docs/product.md §21): the same safe build as
// `npm run build:site`, started from the running product.

export const SITE_BUILD_TEXTS = {
  started: 'Rebuilding the public site. This takes about a minute; the current site stays online meanwhile.',
  running: 'A rebuild is already running.',
  unavailable:
    'The site cannot be rebuilt on this server: the build tools are not installed (a production image). Rebuild the image instead.',
  succeeded: 'The public site was rebuilt and is live.',
  failed: 'The rebuild failed; the previous site is still online.',
} as const;

export const SiteBuildStateSchema = z.enum(['idle', 'running', 'succeeded', 'failed']);

export const SiteBuildStatusSchema = z
  .object({
    state: SiteBuildStateSchema,
    available: z.boolean().meta({ description: 'False where the build tools are not installed (the production image).' }),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    ms: z.number().nullable(),
    error: z
      .string()
      .nullable()
      .meta({ description: "What failed: every broken content file, one 'file:line:column field: problem' a line; or Astro's error." }),
    message: z.string(),
  })
  .meta({
    id: 'SiteBuildStatus',
    example: {
      state: 'failed',
      available: true,
      startedAt: '2026-11-23T08:00:00.000Z',
      finishedAt: '2026-11-23T08:00:41.000Z',
      ms: 41000,
      error:
        '2 content files have errors (content/README.md lists every field):\ncontent/home.yaml:9:5 Not valid YAML: All mapping items must start at the same column\ncontent/trades/concrete.md:2:1 eyebrow: Required',
      message: SITE_BUILD_TEXTS.failed,
    },
  });
export type SiteBuildStatus = z.infer<typeof SiteBuildStatusSchema>;
