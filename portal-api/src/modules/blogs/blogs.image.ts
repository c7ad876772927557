import sharp from 'sharp';
import { HttpError } from '../../http/errors.ts';
import type { Storage, TempFile } from '../../lib/storage.ts';
import { BLOG_LIMITS } from './blogs.rules.ts';

/**
 * A blog image (cover or inline): the upload is sniffed against the image
 * allow-list (415 otherwise), then re-encoded by sharp — turned upright from
 * its EXIF orientation, at most 1600 px wide, WebP, metadata dropped — and
 * stored under public/blogs. The temporary upload is always removed.
 */
export async function storeBlogImage(storage: Storage, file: TempFile): Promise<string> {
  try {
    await storage.sniff(file, 'image');
    let buffer: Buffer;
    try {
      buffer = await sharp(file.tempPath, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize({ width: BLOG_LIMITS.imageWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new HttpError(415, `${file.originalName}: this image could not be read. Please upload a JPG, PNG, GIF, WebP or AVIF image.`);
    }
    return await storage.writeBuffer(buffer, 'public', 'blogs', 'webp');
  } finally {
    await storage.discard([file]);
  }
}
