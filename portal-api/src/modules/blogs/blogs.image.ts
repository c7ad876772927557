import { storePublicImage } from '../../lib/public-image.ts';
import type { Storage, TempFile } from '../../lib/storage.ts';
import { BLOG_LIMITS } from './blogs.rules.ts';

/** A blog image (cover or inline), re-encoded as every public image is (lib/public-image.ts), under public/blogs. */
export function storeBlogImage(storage: Storage, file: TempFile): Promise<string> {
  return storePublicImage(storage, file, 'blogs', BLOG_LIMITS.imageWidth);
}
