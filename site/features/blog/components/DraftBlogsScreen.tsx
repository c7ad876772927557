import { AdminShell } from '../../../islands/admin/AdminShell.tsx';
import { AdminStyles } from '../../../islands/admin/AdminStyles.tsx';
import { BlogBoard } from './BlogBoard.tsx';

/** /draft-blog: draft blogs with Publish (SPEC §2). */
export default function DraftBlogsScreen() {
  return (
    <AdminShell>
      <AdminStyles />
      <BlogBoard status="draft" />
    </AdminShell>
  );
}
