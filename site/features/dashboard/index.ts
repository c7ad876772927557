// What other areas may take from the dashboard area (eslint.config.js, "areas"). The pages mount its
// screens (components/DashboardScreen.tsx for a client, components/AdminDashboardScreen.tsx); no other
// area needs more than the sentence an activity reads as yet.
export { activityLine, requestName, type Activity } from './activity-line.ts';
