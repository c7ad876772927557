import { useRef } from 'react';
import { rescueFocus } from './focus-rescue.ts';

type Props = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** docs/product.md §2: some lists show 'Page X of Y' only when there is more than one page. */
  showLabel?: boolean;
  prevLabel?: string;
  nextLabel?: string;
  labelCase?: 'upper' | 'lower';
  /** The navigation's name, when a page has more than one list with pages ('Request queue pages'). */
  label?: string;
};

export function Pager({
  page,
  pageCount,
  onChange,
  showLabel = true,
  prevLabel = 'Previous',
  nextLabel = 'Next',
  labelCase = 'upper',
  label: name = 'Pagination',
}: Props) {
  const nav = useRef<HTMLElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (pageCount <= 1 && !showLabel) return null;
  const go = (to: number, other: typeof prev) => {
    // At the first or last page the pressed button is disabled: the focus goes to the other one, not to <body>.
    rescueFocus(() => other.current, { preventScroll: true });
    onChange(to);
    // The pager sits under its list: the list (its <section>) comes back into view from its top when
    // that is above the window, so the new page reads from its first row. The focus stays on the pager.
    const list = nav.current?.closest('section');
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  };
  const label = `${labelCase === 'upper' ? 'Page' : 'Page'} ${page} ${labelCase === 'upper' ? 'of' : 'of'} ${Math.max(pageCount, 1)}`;
  return (
    <nav
      ref={nav}
      className="pager"
      aria-label={name}
      style={{ display: 'flex', gap: '.75rem', alignItems: 'center', justifyContent: 'center', marginTop: '1rem', flexWrap: 'wrap' }}
    >
      <button ref={prev} type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => go(page - 1, next)}>
        {prevLabel}
      </button>
      {showLabel && <span aria-live="polite">{label}</span>}
      <button ref={next} type="button" className="btn btn-secondary btn-sm" disabled={page >= pageCount} onClick={() => go(page + 1, prev)}>
        {nextLabel}
      </button>
    </nav>
  );
}
