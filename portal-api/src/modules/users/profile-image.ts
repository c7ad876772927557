import sharp from 'sharp';
import { HttpError } from '../../http/errors.ts';
import type { Storage, TempFile } from '../../lib/storage.ts';

/** docs/product.md §2: the profile photo accepts images only; ours: at most 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Shown at most 48-160 px in the sidebars and the profile page; 2x for sharp screens. */
const SIZE = 320;

/**
 * Stores an uploaded photo as a square WebP of web size under public/profiles.
 * The original is sniffed by storage.store (415 for non-images) and then
 * replaced by the converted copy; EXIF orientation is applied and metadata dropped.
 * Returns the public URL kept in users.profile_image.
 */
export async function storeProfileImage(storage: Storage, file: TempFile): Promise<string> {
  const original = await storage.store(file, 'image', 'public', 'profiles');
  try {
    const webp = await sharp(storage.resolve(original.key), { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(SIZE, SIZE, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
    const key = await storage.writeBuffer(webp, 'public', 'profiles', 'webp');
    return storage.publicUrl(key);
  } catch {
    throw new HttpError(415, `${file.originalName}: the image could not be read. Please choose another photo.`);
  } finally {
    await storage.remove(original.key);
  }
}

/** The storage key behind a profile URL we issued, or null for anything else. */
export function profileImageKey(url: string | null | undefined): string | null {
  const match = /^\/uploads\/(public\/profiles\/[A-Za-z0-9_-]+\.[a-z0-9]+)(\?.*)?$/.exec(url ?? '');
  return match ? match[1]! : null;
}
