// What other areas and pages may take from the public area (eslint.config.js, "areas").
export { publicKeys } from './api.ts';
export { BLOG_LISTING_STYLES } from './blog-styles.ts';
