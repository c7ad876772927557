import type { ServerFrame } from '../../portal-api/src/modules/chats/chats.frames.schema.ts';

type ParseFrame = (text: unknown) => ServerFrame | null;
let loading: Promise<ParseFrame> | null = null;

/**
 * The /ws frame parser. Its schema brings zod, so it loads with the first frame rather than with
 * the page: no portal page carries zod in its first load (tests/e2e/portal-budget.spec.ts). Frames
 * that arrive meanwhile wait on the same promise and are handled in the order they came.
 */
export function frameParser(): Promise<ParseFrame> {
  loading ??= import('../../portal-api/src/modules/chats/chats.frames.schema.ts').then((m) => m.parseServerFrame);
  return loading;
}
