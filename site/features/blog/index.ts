// What other areas may take from the blog area (eslint.config.js, "areas").
export { blogKeys } from './api.ts';
export type { Blog, Category } from './blog-admin.ts';
