import type { ReactNode } from 'react';
import { paths } from '../lib/routes.ts';
import { AreaShell } from './AreaShell.tsx';

// docs/product.md §2 "Client routes": CLIENT PORTAL, 185 px.
const ITEMS = [
  { label: 'Dashboard', href: paths.portal },
  { label: 'Submit Request', href: paths.request },
  { label: 'My Queries', href: paths.myQueries },
  { label: 'Chats', href: paths.chat() },
  { label: 'Settings', href: paths.clientProfile },
];

/** Wraps a client screen: guard, providers, sidebar. */
export function PortalShell({ children }: { children: ReactNode }) {
  return (
    <AreaShell area="client" title="CLIENT PORTAL" width={185} items={ITEMS} profileHref={paths.clientProfile}>
      {children}
    </AreaShell>
  );
}
