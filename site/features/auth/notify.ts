import { toast } from '../../ui/toast-on-demand.ts';
import { ApiError } from '../../lib/api.ts';
import { withOfflineReason } from '../../lib/offline.ts';
import { SHORT_TOAST_MS } from '../../ui/Toasts.tsx';

/**
 * docs/product.md §8/§9: login errors and the profile success are orange toasts shown 3 s
 * (placed by ui/Toasts.tsx). White on the brand orange #f26b1d is 3.0:1; this
 * darker orange keeps 13 px text at 5.9:1 (WCAG 1.4.3 needs 4.5:1).
 */
export const TOAST_ORANGE = '#a3440b';
const ORANGE = { background: TOAST_ORANGE, color: '#fff', border: '1px solid #7c3309' } as const;

/** How long an orange toast shows (docs/product.md §8/§9: 3 s). */
export const ORANGE_TOAST_MS = SHORT_TOAST_MS;

/** `position` overrides the outlet's place (ui/Toasts.tsx) where docs/product.md §8 names one ('top right' for the profile). */
export function orangeToast(message: string, kind: 'error' | 'success' = 'error', position?: 'top-right'): void {
  (kind === 'error' ? toast.error : toast.success)(message, { duration: ORANGE_TOAST_MS, style: ORANGE, position });
}

/**
 * The server's sentence of a failed call (or a screen's own thrown sentence), else the docs/product.md §8
 * fallback: a call with no sentence (network, an answer that is not ours) has an empty message.
 * Offline, the fallback says so.
 */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || withOfflineReason(fallback);
  return (err instanceof Error && err.message) || fallback;
}
