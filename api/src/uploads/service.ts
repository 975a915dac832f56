/**
 * Avatar images (ACC-AVATAR). An upload of at most `AVATAR_MAX_BYTES` (5 MB) is decoded by
 * sharp (libvips, on the libuv thread pool, not the event loop); anything sharp cannot read as a
 * JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF is refused. It is turned upright from its EXIF
 * orientation, cropped to a square and re-encoded as WebP at two sizes (`IMAGE_SIZES`); sharp
 * writes no metadata unless asked, so EXIF (GPS included), XMP, IPTC and comments are gone.
 *
 * Files live in `UPLOADS_DIR` (default `data/uploads`) as `<imageId>.webp` (512 px) and
 * `<imageId>-128.webp`; each is written to a temporary name and renamed, so a reader never sees
 * half a file. The `images` row is inserted after both files exist. Rows and files are removed
 * when an avatar is replaced and when the user is deleted (`removeImages`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { type Db, nowIso } from '../db/index.js';
import type { ImageRow } from '../db/types.js';
import { HttpError } from '../http/errors.js';

/** The largest upload accepted, in bytes (ACC-AVATAR: ≤ 5 MB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Square renditions in pixels, and the file-name suffix of each. */
export const IMAGE_SIZES = { LARGE: { px: 512, suffix: '' }, SMALL: { px: 128, suffix: '-128' } } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
/** Formats accepted as input (sharp's names). SVG is not: it is a document that can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
// Refuse decompression bombs: 40 megapixels is more than any phone camera gives.
const MAX_INPUT_PIXELS = 40_000_000;

/** Where the stored files are served (routes.ts). */
export const UPLOADS_PATH = '/api/uploads/';

/** The site-relative URL of a stored image file, e.g. `/api/uploads/<id>-128.webp`. */
export function uploadUrl(fileName: string): string {
  return `${UPLOADS_PATH}${fileName}`;
}

/** The file name of `image` in `size` (relative to the uploads directory). */
export function imageFileName(image: Pick<ImageRow, 'id' | 'ext'>, size: ImageSize): string {
  return `${image.id}${IMAGE_SIZES[size].suffix}.${image.ext}`;
}

export function notAnImage(): HttpError {
  return new HttpError(415, 'NOT_AN_IMAGE', 'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF picture.');
}

export class UploadService {
  constructor(
    private readonly db: Db,
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Re-encodes `data` and stores it as a new AVATAR image of `userId`.
   * @throws HttpError 415 NOT_AN_IMAGE when sharp cannot read it or it is not an accepted format.
   */
  async storeAvatar(userId: string, data: Buffer, sourceFileName: string | null): Promise<ImageRow> {
    let input: Sharp;
    try {
      input = sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
      const meta = await input.metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw notAnImage();
    }
    const id = randomUUID();
    const image: ImageRow = { id, userId, created: nowIso(), ext: 'webp', sourceFileName: sourceFileName?.slice(0, 255) || null, type: 'AVATAR', path: `${id}.webp` };
    await mkdir(this.dir, { recursive: true });
    const written: string[] = [];
    try {
      for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
        const { px } = IMAGE_SIZES[size];
        const webp = await input.clone().rotate().resize(px, px, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
        const file = join(this.dir, imageFileName(image, size));
        await writeFile(`${file}.tmp`, webp);
        await rename(`${file}.tmp`, file);
        written.push(file);
      }
    } catch (error) {
      await Promise.all(written.map((f) => rm(f, { force: true })));
      this.log.warn({ err: error }, 'avatar: could not re-encode the upload');
      throw notAnImage();
    }
    await this.db.insertInto('images').values(image).execute();
    return image;
  }

  /** Deletes the files of `images` (their rows are the caller's business). Never throws. */
  async removeFiles(images: readonly Pick<ImageRow, 'id' | 'ext'>[]): Promise<void> {
    await Promise.all(
      images.flatMap((image) =>
        (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) =>
          rm(join(this.dir, imageFileName(image, size)), { force: true }).catch((error: unknown) => this.log.warn({ err: error }, 'could not delete an image file')),
        ),
      ),
    );
  }

  /** Deletes the rows and files of `userId`'s images other than `keepId`. */
  async removeImages(userId: string, keepId: string | null): Promise<void> {
    let query = this.db.selectFrom('images').select(['id', 'ext']).where('userId', '=', userId);
    if (keepId) query = query.where('id', '!=', keepId);
    const images = await query.execute();
    if (images.length === 0) return;
    await this.db.deleteFrom('images').where('id', 'in', images.map((i) => i.id)).execute();
    await this.removeFiles(images);
  }
}
