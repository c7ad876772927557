// How a byte count reads, wherever one is shown: the request form's file list and its
// limit, the workspace's files, the answer dialog, the sheet index's ZIP summary.
// Imports nothing: the server and the browser both take it.

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 930 B, 12.4 KB, 1.5 MB, 50 MB: binary units, one decimal, none on a whole number. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Moves up a unit when the rounded value would read 1024 (1,048,575 B is 1 MB, not 1024 KB).
  while (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${UNITS[unit]}`;
}
