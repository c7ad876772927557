import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';
import { REQUEST_VIEWS } from '../../lib/cache-keys.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { ADMIN_ACTIVITIES_LIMIT } from '../../../portal-api/src/modules/activities/activities.labels.ts';

// The dashboards' calls (the admin's /admin and the client's /portal), one hook per call, keyed by
// dashboardKeys.

/**
 * Every cache key of the area, under the roots a change to a request refreshes (REQUEST_VIEWS): the
 * admin's with the queue's lists, the client's with My Queries.
 */
export const dashboardKeys = {
  monthly: [...REQUEST_VIEWS.admin, 'monthly'] as const,
  weekly: [...REQUEST_VIEWS.admin, 'weekly'] as const,
  activities: [...REQUEST_VIEWS.admin, 'activities'] as const,
  latestQueries: (page: number) => [...REQUEST_VIEWS.admin, 'latest-queries', page] as const,
  queriesTotal: [...REQUEST_VIEWS.admin, 'queries-total'] as const,
  publishedBlogsTotal: [...REQUEST_VIEWS.admin, 'blogs-published-total'] as const,
  siteRebuild: [...REQUEST_VIEWS.admin, 'site-rebuild'] as const,
  myCounts: [...REQUEST_VIEWS.mine, 'counts'] as const,
  myActivities: REQUEST_VIEWS.activities,
};

/** GET /queries/stats/monthly: the last `months` months' figures. */
export function useMonthlyStats(months: number) {
  return useQuery({
    queryKey: dashboardKeys.monthly,
    queryFn: () => call(api.queries.stats.monthly.$get({ query: { months: String(months) } })).then((r) => r.months),
  });
}

/** GET /queries/stats/weekly: requests per week by status over the last `weeks` weeks. */
export function useWeeklyStats(weeks: number) {
  return useQuery({
    queryKey: dashboardKeys.weekly,
    queryFn: () => call(api.queries.stats.weekly.$get({ query: { weeks: String(weeks) } })).then((r) => r.weeks),
  });
}

/** GET /recent-activities for the admin: the latest ADMIN_ACTIVITIES_LIMIT of every client. */
export function useAdminActivities() {
  return useQuery({
    queryKey: dashboardKeys.activities,
    queryFn: () => call(api['recent-activities'].$get({ query: { limit: String(ADMIN_ACTIVITIES_LIMIT) } })),
  });
}

/** GET /recent-activities for a client: their company's latest. */
export function useMyActivities() {
  return useQuery({ queryKey: dashboardKeys.myActivities, queryFn: () => call(api['recent-activities'].$get({ query: {} })) });
}

/** GET /queries, newest first: one page of the admin's Latest Queries, the page shown kept while the next loads. */
export function useLatestQueries(page: number, pageSize: number) {
  return useQuery({
    queryKey: dashboardKeys.latestQueries(page),
    queryFn: () => call(api.queries.$get({ query: { page: String(page), pageSize: String(pageSize), sort: 'createdAt' } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /queries with one row: how many requests there are. */
export function useQueriesTotal() {
  return useQuery({ queryKey: dashboardKeys.queriesTotal, queryFn: () => call(api.queries.$get({ query: { pageSize: '1' } })) });
}

/** GET /blogs?status=published with one row: how many posts are published. */
export function usePublishedBlogsTotal() {
  return useQuery({
    queryKey: dashboardKeys.publishedBlogsTotal,
    queryFn: () => call(api.blogs.$get({ query: { status: 'published', pageSize: '1' } })),
  });
}

/** GET /queries/me/counts: the client's dashboard cards, in one call. */
export function useMyCounts() {
  return useQuery({ queryKey: dashboardKeys.myCounts, queryFn: () => call(api.queries.me.counts.$get()) });
}

/** GET /site/rebuild, polled while a build runs so the result appears without a reload. */
export function useSiteRebuild() {
  return useQuery({
    queryKey: dashboardKeys.siteRebuild,
    queryFn: () => call(api.site.rebuild.$get()),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 2000 : false),
  });
}

/** POST /site/rebuild: starts a build; its answer is the status shown until the next poll. */
export function useStartSiteRebuild() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => call(api.site.rebuild.$post()),
    onSuccess: (data) => client.setQueryData(dashboardKeys.siteRebuild, data),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.siteRebuild }),
  });
}
