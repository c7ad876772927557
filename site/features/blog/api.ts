import { keepPreviousData, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, call, upload } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { BLOG_LIMITS } from '../../../portal-api/src/modules/blogs/blogs.rules.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../portal-api/src/modules/idempotency/idempotency.labels.ts';
import type { Category } from './blog-admin.ts';

// The blog editor's calls, one hook each, keyed by blogKeys.

/** Every cache key of the area. Categories keep the key the public blog filters share. */
export const blogKeys = {
  all: ['admin-blogs'] as const,
  list: (status: BlogStatus, page: number) => [...blogKeys.all, status, page] as const,
  one: (id: string | undefined) => ['blog', id] as const,
  categories: () => ['categories'] as const,
};

type BlogStatus = 'draft' | 'published';
type Options<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/** GET /blogs: one page of the posts of one status, the page shown kept while the next loads. */
export function useAdminBlogs(status: BlogStatus, page: number) {
  return useQuery({
    queryKey: blogKeys.list(status, page),
    queryFn: () => call(api.blogs.$get({ query: { status, page: String(page), pageSize: String(BLOG_LIMITS.adminPageSize) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /blogs/{id}: the post being edited, read afresh each time (none for a new post). */
export function useBlog(id: string | undefined) {
  return useQuery({
    queryKey: blogKeys.one(id),
    queryFn: () => call(api.blogs[':idOrSlug'].$get({ param: { idOrSlug: id! } })),
    enabled: !!id,
    retry: false,
    staleTime: 0,
  });
}

/** Refreshes the boards once a change settles, whatever its outcome, then runs the screen's own onSettled. */
function useRefreshing<TData, TVariables>(options: Options<TData, TVariables>): Options<TData, TVariables> {
  const client = useQueryClient();
  return {
    ...options,
    onSettled: (...args) => {
      void client.invalidateQueries({ queryKey: blogKeys.all });
      return options.onSettled?.(...args);
    },
  };
}

/** DELETE /blogs/{id}. */
export function useDeleteBlog(options: Options<{ message: string }, string>) {
  return useSingleFlightMutation({
    ...useRefreshing(options),
    mutationFn: (id: string) => call(api.blogs[':id'].$delete({ param: { id } })),
  });
}

/** DELETE /blogs/multiple. */
export function useDeleteBlogs(options: Options<{ message: string }, string[]>) {
  return useSingleFlightMutation({
    ...useRefreshing(options),
    mutationFn: (ids: string[]) => call(api.blogs.multiple.$delete({ json: { blogIds: ids } })),
  });
}

/** PATCH /blogs/{id}/status: publishes a draft. */
export function usePublishBlog(options: Options<unknown, string>) {
  return useSingleFlightMutation({
    ...useRefreshing(options),
    mutationFn: (id: string) => call(api.blogs[':id'].status.$patch({ param: { id }, json: { status: 'published' } })),
  });
}

/** What a save sends: the form and either the post edited or, for a new post, its submission's key. */
export type BlogSave = { form: FormData; onProgress: (percent: number) => void } & ({ id: string } | { id: null; idempotencyKey: string });

/**
 * POST /blogs or PUT /blogs/{id}, multipart with upload progress. An update sets the post to what
 * was sent, so a repeat changes nothing; a new post carries its submission's Idempotency-Key, so a
 * retry after a lost answer makes no second post. The boards are refreshed once it is saved.
 */
export function useSaveBlog() {
  const client = useQueryClient();
  return async (save: BlogSave) => {
    const res =
      save.id !== null
        ? await upload(api.blogs[':id'], '$put', save.form, save.onProgress, { id: save.id })
        : await upload(api.blogs, '$post', save.form, save.onProgress, undefined, { [IDEMPOTENCY_KEY_HEADER]: save.idempotencyKey });
    void client.invalidateQueries({ queryKey: blogKeys.all });
    return res;
  };
}

/** POST /blogs/images: an image placed in a post's body; answers its address. */
export async function uploadBlogImage(image: File) {
  const form = new FormData();
  form.append('image', image);
  return (await upload(api.blogs.images, '$post', form, () => undefined)).url;
}

/** GET /categories. */
export function useCategories() {
  return useQuery({ queryKey: blogKeys.categories(), queryFn: () => call(api.categories.$get()) });
}

/** POST /categories: the new category joins the cached list in order, then the screen's own onSuccess runs. */
export function useAddCategory(options: Options<{ message: string; data: Category }, string>) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    ...options,
    mutationFn: (name: string) => call(api.categories.$post({ json: { name } })),
    onSuccess: (...args) => {
      const [res] = args;
      client.setQueryData<{ data: Category[] }>(blogKeys.categories(), (old) => ({
        data: [...(old?.data ?? []), res.data].sort((a, b) => a.name.localeCompare(b.name, 'en-US')),
      }));
      return options.onSuccess?.(...args);
    },
  });
}
