import type { ReactNode } from 'react';
import { useGuard } from '../lib/guards.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { SHORT_TOAST_MS } from '../ui/Toasts.tsx';
import { SidebarLayout, type NavItem } from './SidebarLayout.tsx';
import { useUnread } from './unread-store.ts';
import { useUnreadSocket } from './use-unread-socket.ts';
import { useProfileSummary, useSignOut } from './session.ts';

type Props = {
  area: 'client' | 'admin';
  title: string;
  width: number;
  items: NavItem[];
  profileHref: string;
  children: ReactNode;
};

/** A signed-in area's frame: providers, the area's guard, the sidebar with the user's profile. */
export function AreaShell({ area, children, ...frame }: Props) {
  return (
    // docs/product.md §9: general client toasts close after 3 s; the admin area keeps the 5 s default.
    <IslandRoot toastMs={area === 'client' ? SHORT_TOAST_MS : undefined}>
      <Guarded area={area} {...frame}>
        {children}
      </Guarded>
    </IslandRoot>
  );
}

function Guarded({ area, children, ...frame }: Props) {
  const ready = useGuard(area);
  if (!ready)
    return (
      <p className="sr-only" role="status">
        Loading…
      </p>
    );
  return <Frame {...frame}>{children}</Frame>;
}

function Frame({ children, items, ...frame }: Omit<Props, 'area'>) {
  const me = useProfileSummary();
  const signOut = useSignOut();
  // The Chats item carries the unread count, live over /ws (docs/product.md §16).
  useUnreadSocket();
  const unread = useUnread((s) => s.total ?? 0);
  const withBadge = items.map((item) => (item.label === 'Chats' ? { ...item, badge: unread } : item));
  return (
    <SidebarLayout {...frame} items={withBadge} name={me.name} email={me.email} image={me.image} onLogout={signOut}>
      {children}
    </SidebarLayout>
  );
}
