import { AdminShell } from '../AdminShell.tsx';
import { AdminStyles } from '../AdminStyles.tsx';
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
