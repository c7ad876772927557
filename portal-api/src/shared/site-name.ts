// The firm's name as the public site shows it: `name` in content/company.yaml, which the
// Astro build reads. The server runs without content/ (the runtime image holds only the
// build), so it keeps this one copy for the blog's pages and feed and for every mail's
// signature; site-name.test.ts fails when the two differ.

export const SITE_NAME = 'Miami Estimating Services';
