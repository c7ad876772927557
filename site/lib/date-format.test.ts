import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './date-format.ts';

describe('date and time formats', () => {
  it("read as the rest of the interface does: 'Nov 24, 2026', '7:19 PM', 'Nov 24, 2026, 7:19 PM'", () => {
    const at = '2026-11-24T12:19:00Z';
    expect(formatDate(at)).toMatch(/^Nov 2[45], 2026$/);
    expect(formatTime(at)).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(at)).toBe(`${formatDate(at)}, ${formatTime(at)}`);
  });
});
