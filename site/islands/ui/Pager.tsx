type Props = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** SPEC §2: some lists show 'Page X of Y' only when there is more than one page. */
  showLabel?: boolean;
  prevLabel?: string;
  nextLabel?: string;
  labelCase?: 'upper' | 'lower';
};

export function Pager({
  page,
  pageCount,
  onChange,
  showLabel = true,
  prevLabel = 'Previous',
  nextLabel = 'Next',
  labelCase = 'upper',
}: Props) {
  if (pageCount <= 1 && !showLabel) return null;
  const label = `${labelCase === 'upper' ? 'Page' : 'Page'} ${page} ${labelCase === 'upper' ? 'of' : 'of'} ${Math.max(pageCount, 1)}`;
  return (
    <nav
      className="pager"
      aria-label="Pagination"
      style={{ display: 'flex', gap: '.75rem', alignItems: 'center', justifyContent: 'center', marginTop: '1rem', flexWrap: 'wrap' }}
    >
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {prevLabel}
      </button>
      {showLabel && <span aria-live="polite">{label}</span>}
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        {nextLabel}
      </button>
    </nav>
  );
}
