import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { LatestQueries } from './LatestQueries.tsx';
import { MonthlyStats } from './MonthlyStats.tsx';
import { RecentActivities } from './RecentActivities.tsx';
import { SiteRebuildCard } from './SiteRebuildCard.tsx';
import { StatCards } from './StatCards.tsx';
import { WeeklyChart } from './WeeklyChart.tsx';

/**
 * /admin (docs/product.md §2): stat cards with the monthly figures beside them (both above the fold
 * at 1280 px), then recent activities, then latest queries (beside them the requests per week),
 * then the public-site rebuild.
 */
export default function AdminDashboardScreen() {
  return (
    <AdminShell>
      <div className="dash">
        <h1>Dashboard</h1>
        <div className="dash-top">
          <StatCards />
          <MonthlyStats />
        </div>
        <RecentActivities />
        <div className="dash-grid">
          <LatestQueries />
          <WeeklyChart />
        </div>
        <SiteRebuildCard />
      </div>
      <style>{`
        .dash { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; max-width: 1200px; }
        .dash > * { min-width: 0; }
        .dash h1 { margin: 0; font-size: 1.6rem; }
        .dash h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
        .dash-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.25rem; align-items: start; }
        @media (max-width: 1024px) { .dash-grid { grid-template-columns: 1fr; } }
        /* The cards stack in a narrow column beside the month table; below 1100 px they return to one row above it. */
        .dash-top { display: grid; grid-template-columns: minmax(13rem, 1fr) minmax(0, 3fr); gap: 1.25rem; align-items: start; }
        .dash-top > * { min-width: 0; }
        .dash-top .stat-cards { grid-template-columns: minmax(0, 1fr); }
        .dash-top .monthly { margin: 0; }
        @media (max-width: 1100px) {
          .dash-top { grid-template-columns: minmax(0, 1fr); }
          .dash-top .stat-cards { grid-template-columns: repeat(3, minmax(0, 1fr)); }
        }
        @media (max-width: 640px) { .dash-top .stat-cards { grid-template-columns: 1fr; } }
      `}</style>
    </AdminShell>
  );
}
