// The CSS of /blog's listing (BlogListing, BlogFilters, RecentPosts), in the page
// itself (site/pages/blog/index.astro) so the posts the server writes into the
// HTML are styled before any JavaScript runs (no flash of unstyled text).
export const BLOG_LISTING_STYLES = `
  .bl { display: grid; grid-template-columns: minmax(0, 1fr) 300px; gap: 2.5rem; align-items: start; }
  .bl-heading { font-size: 1.5rem; margin: 1.75rem 0 .25rem; scroll-margin-top: 96px; }
  .bl-heading:focus { outline: none; }
  .bl-heading:focus-visible { outline: 3px solid var(--orange); outline-offset: 4px; }
  .bl-summary { color: var(--muted); margin: 0 0 1rem; min-height: 1.55em; }
  .bl-muted { color: var(--muted); }
  .bl-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 1.5rem; }
  .bl-card { display: grid; grid-template-columns: minmax(0, 38%) minmax(0, 1fr); background: #fff; border: 1px solid var(--line); border-radius: var(--radius); box-shadow: var(--shadow); overflow: hidden; }
  .bl-media { display: block; background: var(--navy); }
  .bl-media img { display: block; width: 100%; height: 100%; min-height: 200px; object-fit: cover; }
  .bl-body { padding: 1.25rem 1.5rem; display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
  .bl-meta { display: flex; flex-wrap: wrap; gap: .45rem; align-items: center; margin: 0; color: var(--muted); font-size: .88rem; }
  .bl-cat { color: var(--orange-dark); font-weight: 700; text-transform: uppercase; letter-spacing: .06em; font-size: .78rem; }
  .bl-title { font-size: 1.3rem; margin: 0; overflow-wrap: anywhere; }
  .bl-title a { color: var(--navy); text-decoration: none; }
  .bl-title a:hover { color: var(--orange-dark); text-decoration: underline; }
  .bl-sub { margin: 0; color: var(--navy-2); font-weight: 500; }
  .bl-excerpt { margin: 0; color: var(--ink); overflow-wrap: anywhere; }
  .bl-foot { margin-top: auto; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; padding-top: .35rem; }
  .bl-tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .35rem; }
  .bl-tag { display: inline-flex; align-items: center; font: inherit; font-size: .82rem; min-height: 32px; padding: .1rem .65rem; border-radius: 999px; border: 1px solid var(--line); background: var(--bg-soft); color: var(--navy); cursor: pointer; text-decoration: none; }
  .bl-tag:hover { border-color: var(--orange); color: var(--orange-darker); } /* on --bg-soft: 5.7:1 */
  .bl-more { font-weight: 600; display: inline-flex; align-items: center; gap: .35rem; min-height: 44px; }
  .bl-empty { background: #fff; border: 1px dashed var(--line); border-radius: var(--radius); padding: 1.5rem; display: grid; gap: .75rem; justify-items: start; }
  .bl-empty p { margin: 0; }
  .bl-side { display: grid; gap: 1.25rem; position: sticky; top: 96px; }
  .bl-box { background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: 1.1rem 1.25rem; }
  .bl-box-title { font-size: 1.05rem; margin: 0 0 .75rem; }
  .bl-box p { margin: 0; }
  @media (max-width: 960px) {
    .bl { grid-template-columns: minmax(0, 1fr); gap: 2rem; }
    .bl-side { position: static; }
  }
  @media (max-width: 640px) {
    .bl-card { grid-template-columns: minmax(0, 1fr); }
    .bl-media img { min-height: 0; aspect-ratio: 1200 / 630; height: auto; }
    .bl-body { padding: 1rem 1.1rem 1.1rem; }
    .bl-title { font-size: 1.15rem; }
  }

        .bf { background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem 1.25rem; display: grid; gap: .75rem; box-shadow: var(--shadow); }
        .bf label { font-weight: 600; font-size: .92rem; display: block; margin-bottom: .3rem; }
        .bf-row { display: flex; gap: .5rem; }
        .bf-row .input { flex: 1 1 auto; min-width: 0; }
        .bf-selects { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem; }
        .bf-field .error-text { margin: .3rem 0 0; }
        .bf-clear { justify-self: start; min-height: 32px; }
        @media (max-width: 480px) { .bf-selects { grid-template-columns: minmax(0, 1fr); } }

        .rp { list-style: none; margin: 0; padding: 0; display: grid; gap: .85rem; }
        .rp li { display: grid; grid-template-columns: 72px minmax(0, 1fr); gap: .75rem; align-items: start; }
        .rp img { width: 72px; height: 48px; object-fit: cover; border-radius: 6px; background: var(--navy); }
        .rp a { display: block; font-weight: 600; color: var(--navy); text-decoration: none; line-height: 1.35; overflow-wrap: anywhere; }
        .rp a:hover { color: var(--orange-dark); text-decoration: underline; }
        .rp time { display: block; font-size: .82rem; color: var(--muted); margin-top: .15rem; }
`;
