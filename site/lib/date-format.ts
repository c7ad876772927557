// How the site shows a moment: always in en-US, as the rest of the interface is English
// (a browser's own locale put '24 nov 2026, 19:19' in the chat beside 'Nov 24, 2026, 7:19 PM'
// in the workspace), and in the browser's time zone. A calendar day with no time (a bid due
// date) is formatted by formatBidDueDate (queries.labels.ts) in UTC, so it never moves a day.

import { mediumDate, shortTime } from '../../portal-api/src/shared/en-us.ts';

/** 'Nov 24, 2026' */
export const formatDate = (iso: string) => mediumDate(new Date(iso));
/** '7:19 PM' */
export const formatTime = (iso: string) => shortTime(new Date(iso));
/** 'Nov 24, 2026, 7:19 PM' */
export const formatDateTime = (iso: string) => {
  const at = new Date(iso);
  return `${mediumDate(at)}, ${shortTime(at)}`;
};

/** The browser's own calendar day as YYYY-MM-DD (a date input's value): not the UTC day, which runs ahead in Miami after 7 PM. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
