import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { requestKeys } from '../api.ts';

// The workspace's file links are signed by the server and expire after about an hour
// (portal-api lib/storage.ts signedUrl, `?exp=` in seconds). A workspace left open longer (the
// estimate opened in the morning, the CSV wanted after lunch) would follow a dead link and the
// download would fail without a word. A link about to expire asks for the request again and
// follows the fresh one the server has just signed.

/** Whether a signed link expires within a minute by this browser's clock (no `exp`: not a signed link). */
export function expiresSoon(href: string, now = Date.now()): boolean {
  const exp = Number(new URL(href, 'http://x').searchParams.get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 - now < 60_000;
}

type Props = { href: string; download?: string | true; className?: string; children: ReactNode };

export function SignedLink({ href, download, className, children }: Props) {
  const client = useQueryClient();
  const latest = useRef(href);
  useEffect(() => {
    latest.current = href;
  }, [href]);
  return (
    <a
      href={href}
      download={download === true ? '' : download}
      className={className}
      onClick={(e) => {
        if (!expiresSoon(href)) return;
        e.preventDefault();
        void client.refetchQueries({ queryKey: requestKeys.workspaces, type: 'active' }).then(() => {
          // The server signed it just now: followed even if this browser's clock runs ahead.
          const link = document.createElement('a');
          link.href = latest.current;
          if (download !== undefined) link.download = download === true ? '' : download;
          link.click();
        });
      }}
    >
      {children}
    </a>
  );
}
