import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { PortalShell } from '../PortalShell.tsx';
import type { Query } from '../query-format.tsx';
import { RecentActivities } from './RecentActivities.tsx';

/** /portal (SPEC §2 "Client routes"): greeting, three stat cards, recent activities. */
export function DashboardScreen() {
  return (
    <PortalShell>
      <Dashboard />
    </PortalShell>
  );
}

function Dashboard() {
  const fullName = useAuth((s) => s.fullName);
  const answered = useQuery({ queryKey: ['queries', 'answered'], queryFn: () => api<Query[]>('/queries/status/answered') });
  const pending = useQuery({ queryKey: ['queries', 'pending'], queryFn: () => api<Query[]>('/queries/status/pending') });
  const count = (q: typeof answered) => (q.isError ? '—' : q.data ? q.data.length : '…');
  const all = answered.data && pending.data ? answered.data.length + pending.data.length : answered.isError || pending.isError ? '—' : '…';

  return (
    <div className="dash">
      <h1>Hi, {fullName || 'there'}</h1>
      <p className="dash-welcome">
        Welcome to your client portal. Submit plans for a new estimate, follow each request and talk to our estimators about it.
      </p>
      <section className="dash-cards" aria-label="Your queries">
        <StatCard label="All Queries" value={all} />
        <StatCard label="Queries With No Result" value={count(pending)} />
        <StatCard label="Queries With Result" value={count(answered)} />
      </section>
      {(answered.isError || pending.isError) && (
        <p className="error-text" role="alert">
          {answered.isError ? 'Failed to fetch answered queries' : 'Failed to fetch pending queries'}
        </p>
      )}
      <RecentActivities />
      <style>{`
        .dash h1 { font-size: 1.75rem; margin-bottom: .25rem; }
        .dash-welcome { color: var(--muted); margin: 0 0 1.25rem; max-width: 60ch; }
        .dash-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 1rem; margin-bottom: 1.5rem; }
        .stat-card .stat-label { margin: 0; font-weight: 600; color: var(--muted); font-size: .95rem; }
        .stat-card .stat-value { font-size: 2rem; font-weight: 800; color: var(--navy); margin: .25rem 0; }
        .stat-card .stat-trend { margin: 0; font-size: .85rem; color: var(--ok); }
      `}</style>
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="card stat-card">
      <h2 className="stat-label">{label}</h2>
      <p className="stat-value">{value}</p>
      {/* SPEC §2: a static line on every card. */}
      <p className="stat-trend">Last month +10%</p>
    </div>
  );
}
