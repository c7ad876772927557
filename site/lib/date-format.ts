// How the site shows a moment: always in en-US, as the rest of the interface is English
// (a browser's own locale put '24 nov 2026, 19:19' in the chat beside 'Nov 24, 2026, 7:19 PM'
// in the workspace), and in the browser's time zone.

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 24, 2026' */
export const formatDate = (iso: string) => date.format(new Date(iso));
/** '7:19 PM' */
export const formatTime = (iso: string) => time.format(new Date(iso));
/** 'Nov 24, 2026, 7:19 PM' */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
