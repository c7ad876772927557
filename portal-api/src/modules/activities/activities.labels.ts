// Recent activities' numbers and texts, shared by the API and the dashboards (no imports).

/** How many activities GET /recent-activities gives when no limit is asked for (the client dashboard's View All). */
export const ACTIVITIES_DEFAULT_LIMIT = 100;
/** How many the admin dashboard asks for (its View More). */
export const ADMIN_ACTIVITIES_LIMIT = 60;
/** Under an expanded table that holds as many rows as were asked for: older ones exist and are not shown. */
export const latestActivitiesNote = (count: number) => `Showing the latest ${count} activities.`;
