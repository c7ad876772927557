import { toast } from 'sonner';

/** SPEC §8/§9: login errors and the profile success are orange toasts shown 3 s (top right, set in IslandRoot). */
const ORANGE = { background: 'var(--orange)', color: '#fff', border: '1px solid var(--orange-dark)' } as const;

export function orangeToast(message: string, kind: 'error' | 'success' = 'error'): void {
  (kind === 'error' ? toast.error : toast.success)(message, { duration: 3000, style: ORANGE });
}

/** The message of a failed call, or the SPEC §8 fallback. */
export function messageOf(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : '';
  return message && !/^Request failed/.test(message) ? message : fallback;
}
