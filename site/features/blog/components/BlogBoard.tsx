import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAdminBlogs, useDeleteBlog, useDeleteBlogs, usePublishBlog } from '../api.ts';
import { paths } from '../../../lib/routes.ts';
import { BLOG_LIMITS, BLOG_TEXTS } from '../../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { BlogCard } from './BlogCard.tsx';
import { type Blog, messageOr } from '../blog-admin.ts';
import type { MenuAction } from './OptionsMenu.tsx';
import './blog-board.css';

type Props = { status: 'published' | 'draft' };

/**
 * /admin-blogs (published) and /draft-blog (drafts), docs/product.md §2: cards 6 per
 * page, an options menu per card, a DELETE mode with checkboxes, CANCEL and a
 * confirmed bulk delete, UPLOAD; the published board also links to DRAFT.
 */
export function BlogBoard({ status }: Props) {
  const isDraft = status === 'draft';
  const [page, setPage] = useState(1);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [deleting, setDeleting] = useState<Blog | null>(null);

  const list = useAdminBlogs(status, page);
  const loadError = isDraft ? BLOG_TEXTS.fetchDraftsFailed : BLOG_TEXTS.fetchFailed;
  useEffect(() => {
    if (list.isError) toast.error(loadError, { saidInPage: true });
  }, [list.isError, loadError]);

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BLOG_LIMITS.adminPageSize));
  // After a delete the last page may be gone.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [list.data, list.isPlaceholderData, page, pageCount]);

  const leaveSelectMode = () => {
    // docs/product.md §2: leaving select mode clears the selection.
    setSelecting(false);
    setSelected(new Set());
  };

  const removeOne = useDeleteBlog({
    onSuccess: (res) => toast.success(res.message || BLOG_TEXTS.deleted),
    onError: () => toast.error(BLOG_TEXTS.deleteFailed),
    onSettled: () => setDeleting(null),
  });
  const removeMany = useDeleteBlogs({
    onSuccess: (res) => {
      toast.success(res.message || BLOG_TEXTS.bulkDeleted);
      leaveSelectMode();
    },
    onError: () => toast.error(BLOG_TEXTS.deleteFailed),
    onSettled: () => setConfirmBulk(false),
  });
  const publish = usePublishBlog({
    onSuccess: () => toast.success(BLOG_TEXTS.published),
    // docs/product.md §8: the server's message or 'Failed to publish blog.'; a network exception 'Error publishing blog.'
    onError: (err) => toast.error(messageOr(err, BLOG_TEXTS.publishFailed, BLOG_TEXTS.publishError)),
  });

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const askBulkDelete = () => {
    if (!selected.size) {
      toast.error(BLOG_TEXTS.selectOne);
      return;
    }
    setConfirmBulk(true);
  };
  const actionsFor = (blog: Blog): MenuAction[] => [
    { label: 'Edit', href: paths.blogUpload(blog._id) },
    ...(isDraft ? [{ label: 'Publish', onSelect: () => publish.mutate(blog._id) }] : []),
    { label: 'Delete', danger: true, onSelect: () => setDeleting(blog) },
  ];

  const blogs = list.data?.data ?? [];
  return (
    <div className="bb">
      <div className="page-head">
        <h1>{isDraft ? 'Draft Blogs' : 'Blogs'}</h1>
        <div className="bb-actions">
          {!isDraft && (
            <a className="btn btn-navy" href={paths.draftBlog}>
              DRAFT
            </a>
          )}
          {isDraft && (
            <a className="btn btn-navy" href={paths.adminBlogs}>
              PUBLISHED
            </a>
          )}
          {selecting ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={leaveSelectMode}>
                CANCEL
              </button>
              <button type="button" className="btn btn-danger" onClick={askBulkDelete} aria-describedby="bb-selected">
                DELETE
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setSelecting(true)} disabled={!blogs.length}>
              DELETE
            </button>
          )}
          <a className="btn" href={paths.blogUpload()}>
            UPLOAD
          </a>
        </div>
      </div>
      <p id="bb-selected" className="bb-status" aria-live="polite">
        {selecting ? `Select the blogs to delete. ${selected.size} selected.` : ''}
      </p>

      {list.isPending ? (
        <p role="status">Loading blogs…</p>
      ) : list.isError ? (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      ) : !blogs.length ? (
        <div className="card bb-empty">
          <p>{isDraft ? 'No draft blogs.' : 'No published blogs yet.'}</p>
          <a className="btn" href={paths.blogUpload()}>
            Write a blog
          </a>
        </div>
      ) : (
        <ul className="bb-grid" aria-label={isDraft ? 'Draft blogs' : 'Published blogs'} aria-busy={list.isFetching}>
          {blogs.map((blog) => (
            <li key={blog._id}>
              <BlogCard
                blog={blog}
                selecting={selecting}
                selected={selected.has(blog._id)}
                onToggle={() => toggle(blog._id)}
                actions={actionsFor(blog)}
              />
            </li>
          ))}
        </ul>
      )}
      {total > 0 && <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onChange={setPage} />}

      <ConfirmDialog
        open={confirmBulk}
        title="Delete blogs"
        message={BLOG_TEXTS.confirmBulk}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={removeMany.isPending}
        onCancel={() => setConfirmBulk(false)}
        onConfirm={() => removeMany.mutate([...selected])}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete blog"
        message={BLOG_TEXTS.confirmOne}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={removeOne.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && removeOne.mutate(deleting._id)}
      />
    </div>
  );
}
