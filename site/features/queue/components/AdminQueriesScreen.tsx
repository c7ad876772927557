import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { SearchBox } from '../../search/index.ts';
import { ClientList } from './ClientList.tsx';
import { RequestQueue } from './RequestQueue.tsx';

/** /admin-queries: the request queue above the client list (docs/product.md §2, §15). */
export default function AdminQueriesScreen() {
  return (
    <AdminShell>
      <div className="page-head">
        <h1>Queries</h1>
      </div>
      <div style={{ display: 'grid', gap: '1.25rem', maxWidth: 1200 }}>
        <SearchBox />
        <RequestQueue />
        <ClientList />
      </div>
    </AdminShell>
  );
}
