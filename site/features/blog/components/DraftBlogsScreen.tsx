import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { BlogBoard } from './BlogBoard.tsx';

/** /draft-blog: draft blogs with Publish (docs/product.md §2). */
export default function DraftBlogsScreen() {
  return (
    <AdminShell>
      <BlogBoard status="draft" />
    </AdminShell>
  );
}
