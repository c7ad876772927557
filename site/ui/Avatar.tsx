import { assetUrl } from '../lib/api.ts';

/** docs/product.md §2 admin chat: the image, else first and last initials in upper case, else 'U'. */
export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'U';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

export function Avatar({ name, image, size = 40 }: { name?: string | null; image?: string | null; size?: number }) {
  const src = assetUrl(image);
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (src) return <img src={src} alt="" width={size} height={size} style={{ ...style, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden="true"
      style={{
        ...style,
        display: 'inline-grid',
        placeItems: 'center',
        background: 'var(--orange)',
        color: '#fff',
        fontWeight: 700,
        fontSize: size * 0.4,
      }}
    >
      {initials(name)}
    </span>
  );
}
