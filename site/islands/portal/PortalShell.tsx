import type { ReactNode } from 'react';
import { useGuard } from '../../lib/guards.ts';
import { paths } from '../../lib/routes.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { SidebarLayout } from '../ui/SidebarLayout.tsx';
import { useSignOut, useProfileSummary } from '../auth/session-hooks.ts';

// SPEC §2 "Client routes": CLIENT PORTAL, 185 px.
const ITEMS = [
  { label: 'Dashboard', href: paths.portal },
  { label: 'Submit Request', href: paths.request },
  { label: 'My Queries', href: paths.myQueries },
  { label: 'Chats', href: '/chat' },
  { label: 'Settings', href: paths.clientProfile },
];

/** Wraps a client screen: guard, providers, sidebar. */
export function PortalShell({ children }: { children: ReactNode }) {
  return (
    <IslandRoot>
      <Guarded>{children}</Guarded>
    </IslandRoot>
  );
}

function Guarded({ children }: { children: ReactNode }) {
  const ready = useGuard('client');
  if (!ready) return <p className="sr-only" role="status">Loading…</p>;
  return <Frame>{children}</Frame>;
}

function Frame({ children }: { children: ReactNode }) {
  const me = useProfileSummary();
  const signOut = useSignOut();
  return (
    <SidebarLayout title="CLIENT PORTAL" width={185} items={ITEMS} profileHref={paths.clientProfile} name={me.name} email={me.email} image={me.image} onLogout={signOut}>
      {children}
    </SidebarLayout>
  );
}
