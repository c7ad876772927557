import { useCallback, useEffect, useState } from 'react';

// SPEC §4 "Blog list state (public)": category, tag, search text and page,
// kept in the address (?category=&tag=&q=&page=) so a filtered view can be
// shared and Back/Forward walk through it. Changing the category, the tag or
// the search returns to page 1.

export type BlogListState = { category: string; tag: string; q: string; page: number };

export function readState(search: string): BlogListState {
  const p = new URLSearchParams(search);
  const page = Number.parseInt(p.get('page') ?? '1', 10);
  return {
    category: (p.get('category') ?? '').trim(),
    tag: (p.get('tag') ?? '').trim(),
    q: (p.get('q') ?? '').trim(),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export function toSearch(s: BlogListState): string {
  const p = new URLSearchParams();
  if (s.category) p.set('category', s.category);
  if (s.tag) p.set('tag', s.tag);
  if (s.q) p.set('q', s.q);
  if (s.page > 1) p.set('page', String(s.page));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** Applies a change; a new category, tag or search text starts again at page 1. */
export function nextState(current: BlogListState, patch: Partial<BlogListState>): BlogListState {
  const filtersChanged = (['category', 'tag', 'q'] as const).some((k) => patch[k] !== undefined && patch[k] !== current[k]);
  return { ...current, ...patch, page: patch.page ?? (filtersChanged ? 1 : current.page) };
}

export function useBlogUrlState() {
  const [state, setState] = useState<BlogListState>(() => readState(window.location.search));
  useEffect(() => {
    const onPop = () => setState(readState(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const update = useCallback((patch: Partial<BlogListState>, mode: 'push' | 'replace' = 'push') => {
    setState((current) => {
      const next = nextState(current, patch);
      const url = `${window.location.pathname}${toSearch(next)}`;
      if (url !== `${window.location.pathname}${window.location.search}`)
        window.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
      return next;
    });
  }, []);
  return [state, update] as const;
}
