/** Classes shared by the admin screens (tables, page heads, menus). */
export function AdminStyles() {
  return (
    <style>{`
      .table-wrap { overflow-x: auto; }
      .admin-table { width: 100%; border-collapse: collapse; font-size: .95rem; }
      .admin-table th, .admin-table td { text-align: left; padding: .55rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
      .admin-table thead th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
      .page-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap; margin-bottom: 1rem; }
      .page-head h1 { margin: 0; font-size: 1.6rem; }
      .menu-pop { position: absolute; right: 0; top: calc(100% + 4px); z-index: 15; background: #fff; border: 1px solid var(--line); border-radius: 8px; box-shadow: var(--shadow); min-width: 170px; padding: .3rem; display: grid; }
      .menu-pop button, .menu-pop a { text-align: left; background: none; border: none; font: inherit; padding: .55rem .75rem; border-radius: 6px; cursor: pointer; color: var(--ink); text-decoration: none; min-height: 40px; }
      .menu-pop button:hover, .menu-pop a:hover, .menu-pop button:focus-visible { background: var(--bg-soft); }
      .icon-btn { background: none; border: 1px solid transparent; border-radius: 8px; min-width: 40px; min-height: 40px; cursor: pointer; font-size: 1.2rem; line-height: 1; color: var(--navy); }
      .icon-btn:hover { background: var(--bg-soft); border-color: var(--line); }
      .clamp-3 { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; line-clamp: 3; overflow: hidden; overflow-wrap: anywhere; }
    `}</style>
  );
}
