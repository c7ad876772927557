import type { Deps } from '../../deps.ts';

/** Installs the chat frame handler on the hub (ARCHITECTURE.md "WebSocket /ws"). */
export async function registerChat(_deps: Deps): Promise<void> {
  // The frame protocol is built by the client-portal issue.
}
