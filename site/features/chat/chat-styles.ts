// Layout of the admin chat: list beside the conversation; at 768 px and below
// (docs/product.md §9 breakpoint) the list hides once a chat is open and a back arrow shows.
export const chatStyles = `
  /* The frame is the container the large-text rules below measure (in rem, so 200 % text counts). */
  .acs-frame { container: acs / inline-size; }
  /* dvh: the height left by the browser's bars and the on-screen keyboard (the message box stays in view). */
  .acs { display: grid; grid-template-columns: 320px minmax(0, 1fr); height: calc(100dvh - 3rem); min-height: 420px; background: #fff; border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; }
  .acs-side { position: relative; border-right: 1px solid var(--line); overflow-y: auto; background: #fff; }
  .acs-title { font-size: 1.2rem; margin: 0; padding: .9rem 1rem; border-bottom: 1px solid var(--line); }
  .acs-title a { color: var(--navy); text-decoration: none; }
  .acs-main { display: flex; min-width: 0; min-height: 0; background: var(--bg-soft); }
  /* The conversation beside the request panel; under 1100 px the panel folds above it. */
  .acs-work { display: grid; grid-template-columns: minmax(0, 1fr) 290px; flex: 1; min-width: 0; min-height: 0; position: relative; }
  .acs-work > .rqp { border-radius: 0; border-width: 0 0 0 1px; }
  @media (max-width: 1100px) {
    .acs-work { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto minmax(0, 1fr); }
    .acs-work > .rqp { order: -1; border-width: 0 0 1px; max-height: 55vh; overflow-y: auto; }
    .acs-work > .rqp .rqp-toggle { display: block; width: 100%; min-height: 44px; padding: .5rem 1rem; font: inherit; font-weight: 600; text-align: left; background: var(--bg-soft); border: none; cursor: pointer; }
    .acs-work > .rqp:not(.is-open) .rqp-body { display: none; }
  }
  .acl-note, .acp-note { color: var(--muted); padding: 1rem; margin: auto; text-align: center; }
  .acl-list { list-style: none; margin: 0; padding: 0; }
  .acl-user { border-bottom: 1px solid var(--line); }
  .acl-user.is-current { background: #fff7f1; }
  .acl-row { display: flex; align-items: center; gap: .15rem; padding-right: .35rem; }
  .acl-main { flex: 1; min-width: 0; display: flex; align-items: center; gap: .65rem; background: none; border: none; font: inherit; text-align: left; padding: .6rem .5rem .6rem .75rem; cursor: pointer; color: var(--ink); min-height: 56px; }
  .acl-main:hover { background: var(--bg-soft); }
  /* Navy rings drawn inside the row: 3:1 or more on white, the current row's tint and the grey hover (WCAG 1.4.11). */
  .acl-main:focus-visible, .acl-queries a:focus-visible { outline: 3px solid var(--navy); outline-offset: -3px; }
  .acl-queries a[aria-current='page']:focus-visible { outline-color: var(--navy); box-shadow: inset 0 0 0 5px #fff; }
  .acl-avatar, .acp-avatar { position: relative; display: inline-flex; flex: none; }
  .acl-dot, .acp-dot { position: absolute; right: 0; bottom: 0; width: 12px; height: 12px; border-radius: 50%; border: 2px solid #fff; background: #9ca3af; }
  .acl-dot { background: #16a34a; }
  .acp-dot.is-on { background: #16a34a; }
  .acl-text { display: grid; min-width: 0; flex: 1; }
  .acl-line { display: flex; align-items: baseline; justify-content: space-between; gap: .5rem; min-width: 0; }
  .acl-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .acl-sub { font-size: .8rem; color: var(--muted); }
  .acl-menu { position: relative; }
  .acl-caret { font-size: .9rem; }
  /* Narrow ▾ and ⋮ (still 40 px tall, above WCAG 2.5.8's 24 px) leave the name and 'Click to load chat' their room beside the time. */
  .acl-row > .icon-btn, .acl-menu > .icon-btn { min-width: 30px; padding: 0 .2rem; }
  .acl-search { padding: .5rem .75rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: #fff; z-index: 1; }
  .acl-search input, .acl-qsearch { width: 100%; min-height: 40px; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  .acl-qsearch { min-height: 36px; margin-bottom: .35rem; font-size: .9rem; }
  .acl-more { display: block; margin: .75rem auto; }
  /* The per-request list (docs/product.md §16) above the clients. */
  .acr-title { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0; padding: .6rem .75rem .3rem; }
  .acr-filters { display: flex; flex-wrap: wrap; gap: .35rem; padding: 0 .75rem .5rem; }
  .acr-filter { min-height: 32px; padding: .2rem .7rem; border: 1px solid var(--line); border-radius: 999px; background: #fff; font: inherit; font-size: .85rem; cursor: pointer; color: var(--ink); }
  .acr-filter[aria-pressed='true'] { background: var(--navy); border-color: var(--navy); color: #fff; }
  .acr-list { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--line); }
  .acr-row { border-bottom: 1px solid var(--line); }
  .acr-row.is-current { background: #fff7f1; }
  .acr-row > a { display: grid; gap: .1rem; padding: .55rem .75rem; color: var(--ink); text-decoration: none; min-width: 0; }
  .acr-row > a:hover { background: var(--bg-soft); }
  .acr-line { display: flex; align-items: baseline; justify-content: space-between; gap: .5rem; min-width: 0; }
  .acr-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .acr-client, .acr-status { font-size: .8rem; color: var(--muted); }
  .acr-status { flex: none; }
  .acr-client, .acr-preview { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
  .acr-preview { font-size: .85rem; }
  .acr-due { font-size: .78rem; font-weight: 600; color: var(--navy); }
  .acr-due.is-late { color: #b91c1c; }
  .acl-time { font-size: .75rem; color: var(--muted); white-space: nowrap; flex: none; }
  .acl-unread { display: inline-block; min-width: 1.35rem; padding: 0 .35rem; border-radius: 999px; background: var(--orange-dark); color: #fff; font-size: .72rem; font-weight: 700; line-height: 1.35rem; text-align: center; flex: none; }
  .acl-sub { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .acl-queries { padding: 0 .5rem .5rem 3.6rem; }
  .acl-queries ul { list-style: none; margin: 0; padding: 0; max-height: 22rem; overflow-y: auto; }
  .acl-qtitle { display: block; }
  .acl-qmeta { display: block; font-size: .75rem; }
  .acl-queries a { display: block; padding: .4rem .5rem; border-radius: 6px; color: var(--navy-2); text-decoration: none; font-size: .9rem; min-height: 36px; }
  .acl-queries a:hover { background: var(--bg-soft); }
  .acl-queries a[aria-current='page'] { background: var(--orange-dark); color: #fff; }
  /* Initials in white need the darker orange for 4.5:1 contrast (WCAG 1.4.3). */
  .acl-avatar > span[aria-hidden]:not(.acl-dot), .acp-avatar > span[aria-hidden]:not(.acp-dot) { background: var(--orange-dark) !important; }
  .acl-closed { opacity: .8; }
  /* On the selected query's orange, faded white is 3.5:1; full white is 4.6:1 (WCAG 1.4.3). */
  .acl-queries a[aria-current='page'] .acl-closed { opacity: 1; }
  .acp { display: flex; flex-direction: column; flex: 1; min-width: 0; min-height: 0; }
  .acp-head { display: flex; align-items: center; gap: .65rem; padding: .6rem .9rem; background: #fff; border-bottom: 1px solid var(--line); flex-wrap: wrap; min-height: 60px; }
  .acp-back { display: none; }
  .acp-who { display: grid; line-height: 1.25; min-width: 0; flex: 1 1 9rem; }
  .acp-who strong { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .acp-project { font-size: 1.05rem; }
  .acp-client { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted); font-size: .9rem; }
  .acp-client .acp-online { display: inline; }
  .acp-online { font-size: .8rem; color: var(--muted); white-space: nowrap; }
  .acp-body { flex: 1; min-height: 0; display: flex; flex-direction: column; }
  .acp-original { align-self: stretch; background: #fff; border: 1px dashed var(--navy-2); border-radius: 10px; padding: .6rem .8rem; margin-bottom: .25rem; }
  .acp-original p { margin: .2rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .acp-original-label, .acp-original-meta { font-size: .78rem; color: var(--muted); font-weight: 600; }
  .acp-closed { margin: 0; padding: .9rem 1rem; background: #fff; border-top: 1px solid var(--line); color: var(--muted); text-align: center; font-weight: 600; }
  .msg-flash { outline: 3px solid var(--orange); outline-offset: 2px; transition: outline-color .3s; }
  @media (max-width: 768px) {
    .acs { grid-template-columns: 1fr; height: calc(100dvh - 60px - 2rem); }
    .acs.has-chat .acs-side { display: none; }
    .acs:not(.has-chat) .acs-main { display: none; }
    .acp-back { display: inline-flex; align-items: center; justify-content: center; }
  }
  /* Large text: the columns follow the room the text has, measured in rem (container queries), not
     the window's pixels. At 200 % text on a 1280 px screen the panel folds above the conversation,
     then the list gives way to the open chat as on a phone. */
  @container acs (max-width: 56rem) {
    .acs-work { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto minmax(0, 1fr); }
    .acs-work > .rqp { order: -1; border-width: 0 0 1px; max-height: 55vh; overflow-y: auto; }
    .acs-work > .rqp .rqp-toggle { display: block; width: 100%; min-height: 44px; padding: .5rem 1rem; font: inherit; font-weight: 600; text-align: left; background: var(--bg-soft); border: none; cursor: pointer; }
    .acs-work > .rqp:not(.is-open) .rqp-body { display: none; }
  }
  @container acs (max-width: 44rem) {
    .acs { grid-template-columns: minmax(0, 1fr); }
    .acs.has-chat .acs-side { display: none; }
    .acs:not(.has-chat) .acs-main { display: none; }
    .acp-back { display: inline-flex; align-items: center; justify-content: center; }
  }
  /* A phone, or a screen of large text: the request's details open as a sheet over the chat (their
     bar stays on top to close them) instead of sharing its height; the header keeps to one line. */
  @media (max-width: 768px) {
    .acs-work > .rqp.is-open { position: absolute; inset: 0; z-index: 3; max-height: none; }
    .acp-head { flex-wrap: nowrap; min-height: 0; padding: .4rem .75rem; }
    .acp-online { display: none; }
  }
  @container acs (max-width: 44rem) {
    .acs-work > .rqp.is-open { position: absolute; inset: 0; z-index: 3; max-height: none; }
    .acp-head { flex-wrap: nowrap; min-height: 0; }
    .acp-online { display: none; }
  }
`;
