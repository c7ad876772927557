// How much of a list one file's index stores, or one answer carries: items are
// taken while their JSON fits in a byte budget. Runs in the index worker thread
// too (index-worker.ts): plain, erasable TypeScript only.

/** Counts the JSON bytes of the items taken so far; refuses the first one that would not fit, and every one after it. */
export class ListBudget {
  private used = 0;
  private full = false;
  private readonly bytes: number;

  constructor(bytes: number) {
    this.bytes = bytes;
  }

  /** Whether `item` fits (and is now counted). Once one does not, none after it does, so a list stays a prefix. */
  take(item: unknown): boolean {
    if (this.full) return false;
    // The comma between items.
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (this.used + size > this.bytes) {
      this.full = true;
      return false;
    }
    this.used += size;
    return true;
  }

  get isFull(): boolean {
    return this.full;
  }
}

/** The longest prefix of `items` that fits in `bytes`. */
export function fitList<T>(items: readonly T[], bytes: number): T[] {
  const budget = new ListBudget(bytes);
  const kept: T[] = [];
  for (const item of items) {
    if (!budget.take(item)) break;
    kept.push(item);
  }
  return kept;
}
