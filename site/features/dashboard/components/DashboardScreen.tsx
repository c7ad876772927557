import { useAuth } from '../../../lib/auth-store.ts';
import { PortalShell } from '../../../shell/PortalShell.tsx';
import type { QueryCounts } from '../../../../portal-api/src/modules/queries/queries.schema.ts';
import { useMyCounts } from '../api.ts';
import { RecentActivities } from './ClientRecentActivities.tsx';
import './dashboard-screen.css';

/** /portal (docs/product.md §2 "Client routes"): greeting, three stat cards, recent activities. */
export function DashboardScreen() {
  return (
    <PortalShell>
      <Dashboard />
    </PortalShell>
  );
}

function Dashboard() {
  const fullName = useAuth((s) => s.fullName);
  // One counts call. docs/product.md §2 defines the cards: All Queries is answered plus pending (in progress
  // and closed requests are counted by neither), No Result is pending, With Result is answered.
  const counts = useMyCounts();
  const card = (...keys: Array<keyof QueryCounts>) => {
    const data = counts.data;
    return { value: counts.isError ? '—' : data ? keys.reduce((sum, key) => sum + data[key].total, 0) : '…' };
  };

  return (
    <div className="dash">
      <h1>Hi, {fullName || 'there'}</h1>
      <p className="dash-welcome">
        Welcome to your client portal. Submit plans for a new estimate, follow each request and talk to our estimators about it.
      </p>
      <section className="dash-cards" aria-label="Your queries">
        <StatCard label="All Queries" {...card('answered', 'pending')} />
        <StatCard label="Queries With No Result" {...card('pending')} />
        <StatCard label="Queries With Result" {...card('answered')} />
      </section>
      {counts.isError && (
        <p className="error-text" role="alert">
          Failed to fetch all queries
        </p>
      )}
      <RecentActivities />
    </div>
  );
}

/** docs/product.md §2 /portal: each card shows a static 'Last month +10%' line (a fixed text, not a computed trend). */
const STAT_CARD_TREND = 'Last month +10%';

function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="card stat-card">
      <h2 className="stat-label">{label}</h2>
      <p className="stat-value">{value}</p>
      <p className="stat-trend">{STAT_CARD_TREND}</p>
    </div>
  );
}
