// Shared by the built /blog page (site/pages/blog/index.astro), the server that fills
// it (blogs.listing.ts) and the island that takes over (BlogListing.tsx). No imports.

/** The island's fallback as built: a loading line between markers the server replaces with the posts. */
export const BLOG_LISTING_SLOT = '<!--blog-listing--><p role="status" class="blog-loading">Loading posts…</p><!--/blog-listing-->';
/** The id of the JSON the server writes beside the posts and the island starts from. */
export const BLOG_LISTING_DATA_ID = 'blog-first-page';
