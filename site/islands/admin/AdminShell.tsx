import type { ReactNode } from 'react';
import { useGuard } from '../../lib/guards.ts';
import { paths } from '../../lib/routes.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { SidebarLayout } from '../ui/SidebarLayout.tsx';
import { useSignOut, useProfileSummary } from '../auth/session-hooks.ts';

// SPEC §2 "Admin routes": ADMIN PORTAL, 250 px.
const ITEMS = [
  { label: 'Dashboard', href: paths.admin, match: (p: string) => p === '/admin' || p === '/admin/' },
  { label: 'Queries', href: paths.adminQueries },
  { label: 'Blogs', href: paths.adminBlogs, match: (p: string) => /^\/(admin-blogs|draft-blog|blog-upload)/.test(p) },
  { label: 'Chats', href: '/admin-chat' },
  { label: 'Users', href: paths.users },
  { label: 'Services', href: paths.adminService },
  { label: 'Settings', href: paths.adminProfile },
];

/** Wraps an admin screen: guard, providers, sidebar. */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <IslandRoot>
      <Guarded>{children}</Guarded>
    </IslandRoot>
  );
}

function Guarded({ children }: { children: ReactNode }) {
  const ready = useGuard('admin');
  if (!ready) return <p className="sr-only" role="status">Loading…</p>;
  return <Frame>{children}</Frame>;
}

function Frame({ children }: { children: ReactNode }) {
  const me = useProfileSummary();
  const signOut = useSignOut();
  return (
    <SidebarLayout title="ADMIN PORTAL" width={250} items={ITEMS} profileHref={paths.adminProfile} name={me.name} email={me.email} image={me.image} onLogout={signOut}>
      {children}
    </SidebarLayout>
  );
}
