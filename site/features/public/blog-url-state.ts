import { useCallback, useEffect, useState } from 'react';

import { type BlogListState, listSearch, nextListState, readListState } from '../../../portal-api/src/modules/blogs/blog-listing.rules.ts';

// docs/product.md §4 "Blog list state (public)" in the address (blog-listing.rules.ts reads and writes it,
// for the server's first page too). Changing the category, the tag or the search returns to page 1.

export type { BlogListState };

export function useBlogUrlState() {
  const [state, setState] = useState<BlogListState>(() => readListState(window.location.search));
  useEffect(() => {
    const onPop = () => setState(readListState(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const update = useCallback((patch: Partial<BlogListState>, mode: 'push' | 'replace' = 'push') => {
    setState((current) => {
      const next = nextListState(current, patch);
      const url = `${window.location.pathname}${listSearch(next)}`;
      if (url !== `${window.location.pathname}${window.location.search}`)
        window.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
      return next;
    });
  }, []);
  return [state, update] as const;
}
