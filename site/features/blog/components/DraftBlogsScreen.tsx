import { AdminShell } from '../../../shell/AdminShell.tsx';
import { AdminStyles } from '../../../shell/AdminStyles.tsx';
import { BlogBoard } from './BlogBoard.tsx';

/** /draft-blog: draft blogs with Publish (docs/product.md §2). */
export default function DraftBlogsScreen() {
  return (
    <AdminShell>
      <AdminStyles />
      <BlogBoard status="draft" />
    </AdminShell>
  );
}
