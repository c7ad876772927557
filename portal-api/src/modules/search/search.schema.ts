import { z } from 'zod';
import { SEARCH_FIELDS } from './search.snippet.ts';

// GET /search (docs/product.md, "Search").

export const SEARCH_MAX_CHARS = 200;

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_MAX_CHARS, `A search is at most ${SEARCH_MAX_CHARS} characters.`)
    .meta({ description: 'Plain text: quotes, operators and punctuation are read as text, never as query syntax.' }),
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(1000, 'page must be 1000 or less.').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize must be 1 or more.').max(50, 'pageSize must be 50 or less.').default(20),
});

export const SnippetSchema = z
  .object({
    field: z.enum(SEARCH_FIELDS),
    text: z.string().meta({ description: 'Plain text (never HTML), cut to 160 characters around the first match.' }),
    marks: z
      .array(z.tuple([z.number(), z.number()]))
      .meta({ description: 'The [start, end) character ranges of `text` that match, to highlight.' }),
  })
  .meta({ id: 'SearchSnippet' });

export const SearchResultSchema = z
  .object({
    _id: z.string(),
    projectName: z.string().nullable(),
    message: z.string(),
    status: z.string(),
    createdAt: z.string(),
    client: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
    link: z.string().meta({ description: "The request's workspace for the viewer: /admin-chat/{id} or /chat/{id}." }),
    matches: z.array(SnippetSchema),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchPageSchema = z
  .object({
    data: z.array(SearchResultSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number().meta({ description: 'Requests found (the newest 500 matches of each source are read).' }),
  })
  .meta({ id: 'SearchPage' });
