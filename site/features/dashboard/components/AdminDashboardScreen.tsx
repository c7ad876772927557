import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { LatestQueries } from './LatestQueries.tsx';
import { MonthlyStats } from './MonthlyStats.tsx';
import { RecentActivities } from './RecentActivities.tsx';
import { SiteRebuildCard } from './SiteRebuildCard.tsx';
import { StatCards } from './StatCards.tsx';
import { WeeklyChart } from './WeeklyChart.tsx';
import './admin-dashboard-screen.css';

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
    </AdminShell>
  );
}
