// How long the reader may spend on one file: CPU time of its thread, grown by the
// file's size and page count between a floor and a ceiling. CPU time rather than
// the clock, so a busy machine does not cut honest files short: under a load of
// 26 on two cores a 2,000-page set took 42 s by the clock and 6.3 s of CPU.
// Numbers measured in docs/decisions/0013-sheet-index-worker.md.

/** Every file may use this much, however small: a 1-page PDF takes 12 ms, a flate bomb reaches the memory cap in about 5 s. */
export const READ_BUDGET_FLOOR_MS = 10_000;
/** Per page read (at most the page cap): an honest sheet costs 2–3 ms of text layer, a dense vector sheet up to a second. */
export const READ_BUDGET_PER_PAGE_MS = 50;
/** Per MB of file: dense vector sheets cost what their content streams weigh. */
export const READ_BUDGET_PER_MB_MS = 1_000;
/** No file gets more than this. */
export const READ_BUDGET_CEILING_MS = 120_000;
/** Whatever the CPU did, a read is stopped after this long by the clock (below the claim's 5-minute lease). */
export const READ_WALL_LIMIT_MS = 4 * 60_000;

/** The budget of a file of `bytes`, of which `pages` are read (unknown until a PDF is open: null). */
export function readBudgetMs(bytes: number, pages: number | null): number {
  const budget = READ_BUDGET_FLOOR_MS + (pages ?? 0) * READ_BUDGET_PER_PAGE_MS + (bytes / (1024 * 1024)) * READ_BUDGET_PER_MB_MS;
  return Math.round(Math.min(READ_BUDGET_CEILING_MS, Math.max(READ_BUDGET_FLOOR_MS, budget)));
}
