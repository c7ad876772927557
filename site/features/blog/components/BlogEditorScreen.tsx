import { useEffect } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useBlog } from '../api.ts';
import { idFromPath, paths } from '../../../lib/routes.ts';
import { BLOG_TEXTS } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { BlogForm } from './BlogForm.tsx';

/** /blog-upload (new) and /blog-upload/{id} (edit), docs/product.md §2 and §5. */
export default function BlogEditorScreen() {
  return (
    <AdminShell>
      <Editor id={idFromPath('blog-upload')} />
    </AdminShell>
  );
}

function Editor({ id }: { id: string | undefined }) {
  const blog = useBlog(id);
  useEffect(() => {
    if (blog.isError) toast.error(BLOG_TEXTS.fetchOneFailed, { saidInPage: true });
  }, [blog.isError]);

  if (id && blog.isPending) return <p role="status">Loading blog…</p>;
  if (id && blog.isError) {
    return (
      <div className="card" style={{ maxWidth: 560 }}>
        <h1 style={{ fontSize: '1.4rem' }}>Edit Blog</h1>
        <p role="alert" className="error-text">
          {BLOG_TEXTS.fetchOneFailed}
        </p>
        <a className="btn btn-secondary" href={paths.adminBlogs}>
          Back to blogs
        </a>
      </div>
    );
  }
  return <BlogForm key={blog.data?.data._id ?? 'new'} initial={blog.data?.data ?? null} />;
}
