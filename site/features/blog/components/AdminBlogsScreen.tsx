import { AdminShell } from '../../../islands/admin/AdminShell.tsx';
import { AdminStyles } from '../../../islands/admin/AdminStyles.tsx';
import { BlogBoard } from './BlogBoard.tsx';

/** /admin-blogs: published blogs (SPEC §2). */
export default function AdminBlogsScreen() {
  return (
    <AdminShell>
      <AdminStyles />
      <BlogBoard status="published" />
    </AdminShell>
  );
}
