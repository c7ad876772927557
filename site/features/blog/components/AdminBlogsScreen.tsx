import { AdminShell } from '../../../shell/AdminShell.tsx';
import { AdminStyles } from '../../../shell/AdminStyles.tsx';
import { BlogBoard } from './BlogBoard.tsx';

/** /admin-blogs: published blogs (docs/product.md §2). */
export default function AdminBlogsScreen() {
  return (
    <AdminShell>
      <AdminStyles />
      <BlogBoard status="published" />
    </AdminShell>
  );
}
