import type { ReactNode } from 'react';
import { paths } from '../lib/routes.ts';
import { AreaShell } from './AreaShell.tsx';

// docs/product.md §2 "Admin routes": ADMIN PORTAL, 250 px.
const ITEMS = [
  { label: 'Dashboard', href: paths.admin, match: (p: string) => p === '/admin' || p === '/admin/' },
  { label: 'Queries', href: paths.adminQueries },
  { label: 'Blogs', href: paths.adminBlogs, match: (p: string) => /^\/(admin-blogs|draft-blog|blog-upload)/.test(p) },
  { label: 'Chats', href: paths.adminChat() },
  { label: 'Users', href: paths.users },
  { label: 'Services', href: paths.adminService },
  { label: 'Settings', href: paths.adminProfile },
];

/** Wraps an admin screen: guard, providers, sidebar. */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <AreaShell area="admin" title="ADMIN PORTAL" width={250} items={ITEMS} profileHref={paths.adminProfile}>
      {children}
    </AreaShell>
  );
}
