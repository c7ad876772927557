// What the browser knows about its own connection. `navigator.onLine` false is reliable (no
// network at all); true only means a network is there, not that the server answers (MDN:
// Navigator.onLine), so a failure while "online" keeps the screen's own SPEC §8 text.

/** The reason said with a failure while the browser is offline (audit issue 4). */
export const OFFLINE_TEXT = 'You are offline. Check your connection and try again.';

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
