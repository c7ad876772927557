/** The largest JSON body the API reads (docs/architecture.md §4: 413 over 1 MB), and the largest /ws frame. */
export const JSON_LIMIT = 1024 * 1024;
