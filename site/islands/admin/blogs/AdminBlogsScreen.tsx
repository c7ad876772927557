import { AdminShell } from '../AdminShell.tsx';
import { AdminStyles } from '../AdminStyles.tsx';
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
