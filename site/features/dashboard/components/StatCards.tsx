import { usePublishedBlogsTotal, useQueriesTotal } from '../api.ts';
import { useServices } from '../../services/index.ts';
import './stat-cards.css';

/** docs/product.md §2 /admin: Total Queries, Blog Posts (published), Services. */
export function StatCards() {
  const queries = useQueriesTotal();
  const blogs = usePublishedBlogsTotal();
  const services = useServices();
  const subCount = services.data?.reduce((n, s) => n + s.subservices.length, 0) ?? 0;
  return (
    <ul className="stat-cards" aria-label="Totals">
      <Card label="Total Queries" value={queries.data?.total} failed={queries.isError} />
      <Card label="Blog Posts" value={blogs.data?.total} failed={blogs.isError} note="Published" />
      <Card
        label="Services"
        value={services.data?.length}
        failed={services.isError}
        note={services.data ? `${subCount} sub-services` : undefined}
      />
    </ul>
  );
}

function Card({ label, value, failed, note }: { label: string; value: number | undefined; failed: boolean; note?: string }) {
  return (
    <li className="card stat-card">
      <span className="stat-card-label">{label}</span>
      <span className="stat-card-value">{failed ? '—' : (value ?? '…')}</span>
      {failed ? <span className="stat-card-note">Could not load</span> : note && <span className="stat-card-note">{note}</span>}
    </li>
  );
}
