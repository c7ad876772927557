import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, localDay } from './date-format.ts';

describe('date and time formats', () => {
  it("read as the rest of the interface does: 'Nov 24, 2026', '7:19 PM', 'Nov 24, 2026, 7:19 PM'", () => {
    const at = '2026-11-24T12:19:00Z';
    expect(formatDate(at)).toMatch(/^Nov 2[45], 2026$/);
    expect(formatTime(at)).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(at)).toBe(`${formatDate(at)}, ${formatTime(at)}`);
  });
});

describe('localDay', () => {
  // Node follows a change of process.env.TZ at once: each test puts the process where its person is.
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('is the day on the clock in Miami after 7 PM, when the UTC day has already turned', () => {
    process.env.TZ = 'America/New_York';
    expect(localDay(new Date('2026-11-24T19:30:00-05:00'))).toBe('2026-11-24');
  });

  it('is the day on the clock on a Tokyo morning, when the UTC day is still yesterday', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(localDay(new Date('2026-11-25T08:00:00+09:00'))).toBe('2026-11-25');
  });
});
