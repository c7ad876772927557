import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { BlogBoard } from './BlogBoard.tsx';

/** /admin-blogs: published blogs (docs/product.md §2). */
export default function AdminBlogsScreen() {
  return (
    <AdminShell>
      <BlogBoard status="published" />
    </AdminShell>
  );
}
