import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';
import type { Storage, TempFile } from './storage.ts';

/**
 * An image shown on the public site (a blog image, a service image): the upload is sniffed against
 * the image allow-list (415 otherwise), then re-encoded by sharp — turned upright from its EXIF
 * orientation, at most `width` px wide, WebP, metadata (GPS, camera, author) dropped — and stored
 * under public/<folder>. Returns its storage key. The temporary upload is always removed.
 */
export async function storePublicImage(storage: Storage, file: TempFile, folder: string, width: number): Promise<string> {
  try {
    await storage.sniff(file, 'image');
    let buffer: Buffer;
    try {
      buffer = await sharp(file.tempPath, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new HttpError(415, `${file.originalName}: this image could not be read. Please upload a JPG, PNG, GIF, WebP or AVIF image.`, {
        code: 'file_type_refused',
      });
    }
    return await storage.writeBuffer(buffer, 'public', folder, 'webp');
  } finally {
    await storage.discard([file]);
  }
}
