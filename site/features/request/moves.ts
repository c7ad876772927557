import type { Workspace } from './api.ts';

type Move = Workspace['moves'][number]['move'];

/**
 * Whether the server lets the viewer take `move` now (on `quoteId`, for a quote move). The rules
 * live on the server (portal-api/src/modules/queries/queries.rules.ts); the workspace sends the
 * moves they allow, so no screen restates them.
 */
export function canMove(workspace: Pick<Workspace, 'moves'>, move: Move, quoteId?: string): boolean {
  return workspace.moves.some((m) => m.move === move && m.quoteId === quoteId);
}
