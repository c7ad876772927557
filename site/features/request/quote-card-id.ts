/**
 * The id of a quote's card. One card per quote is on the page at a time (the chat's while the
 * quote is open, the panel's once decided), so the chat can hand the focus to the panel's.
 * Its own module: the chat reads it without loading the card and its form.
 */
export const quoteCardId = (quoteId: string) => `quote-${quoteId}`;
