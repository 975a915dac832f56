/**
 * Avatar images (ACC-AVATAR). An upload of at most `AVATAR_MAX_BYTES` (5 MB) is decoded by
 * sharp (libvips, on the libuv thread pool, not the event loop); anything sharp cannot read as a
 * JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF is refused. It is turned upright from its EXIF
 * orientation, cropped to a square and re-encoded as WebP at two sizes (`IMAGE_SIZES`); sharp
 * writes no metadata unless asked, so EXIF (GPS included), XMP, IPTC and comments are gone.
 *
 * Both renditions are stored in the database (`image_files`, decision 0025), so every process of
 * a site serves every image: the `images` row and its two `image_files` rows are inserted in one
 * transaction, each with a strong ETag, the SHA-256 of its bytes. They are served at
 * `/api/uploads/<imageId>.webp` (512 px) and `/api/uploads/<imageId>-128.webp`; an id is never
 * reused and its bytes never change, so the URLs are cached for a year as immutable. Rows go when
 * an avatar is replaced and when the user is deleted (`removeImages`, ON DELETE CASCADE).
 *
 * Earlier versions kept the renditions as files in `UPLOADS_DIR` (default `data/uploads`) under
 * the same names; `adoptLegacyFiles` copies such files into the database on start, and
 * `removeFiles` still deletes leftovers when their image goes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { ImageRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';

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

/** The strong ETag of `bytes` (RFC 9110 §8.8.3): the quoted base64url SHA-256 of the content. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/** The image id and size a served file name stands for (`<uuid>.webp`, `<uuid>-128.webp`), or null. */
export function parseImageFileName(name: string): { id: string; size: ImageSize } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-128)?\.webp$/.exec(name);
  if (!match) return null;
  return { id: match[1]!, size: match[2] ? 'SMALL' : 'LARGE' };
}

/** One stored rendition: its ETag and, unless only the ETag was asked for, its bytes. */
export interface StoredImageFile {
  etag: string;
  content: Buffer | null;
}

export function notAnImage(): HttpError {
  return new HttpError(415, 'NOT_AN_IMAGE', 'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF picture.');
}

export class UploadService {
  constructor(
    private readonly db: Db,
    /** Where earlier versions kept the files (`UPLOADS_DIR`): read by `adoptLegacyFiles` only. */
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
    const created = nowIso();
    const image: ImageRow = { id, userId, created, ext: 'webp', sourceFileName: sourceFileName?.slice(0, 255) || null, type: 'AVATAR', path: `${id}.webp` };
    const files: { imageId: string; size: ImageSize; content: Buffer; etag: string; created: string }[] = [];
    try {
      for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
        const { px } = IMAGE_SIZES[size];
        const webp = await input.clone().rotate().resize(px, px, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
        files.push({ imageId: id, size, content: webp, etag: etagOf(webp), created });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'avatar: could not re-encode the upload');
      throw notAnImage();
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('images').values(image).execute();
      await trx.insertInto('imageFiles').values(files).execute();
    });
    return image;
  }

  /**
   * The stored rendition `size` of image `id`, or null when there is none. With `etagOnly` the
   * bytes are not read (a conditional request that will be answered 304).
   */
  async read(id: string, size: ImageSize, etagOnly = false): Promise<StoredImageFile | null> {
    const query = this.db.selectFrom('imageFiles').where('imageId', '=', id).where('size', '=', size);
    if (etagOnly) {
      const row = await query.select('etag').executeTakeFirst();
      return row ? { etag: row.etag, content: null } : null;
    }
    const row = await query.select(['etag', 'content']).executeTakeFirst();
    return row ? { etag: row.etag, content: Buffer.from(row.content) } : null;
  }

  /**
   * Copies the renditions of images that have none in the database from the legacy files of
   * `dir` (written by versions that stored images on disk). Safe to run from several processes at
   * once (ON CONFLICT DO NOTHING); an image whose files are missing is logged and left as it is.
   * @returns how many images were copied.
   */
  async adoptLegacyFiles(): Promise<number> {
    if (!existsSync(this.dir)) return 0;
    const orphans = await this.db
      .selectFrom('images')
      .leftJoin('imageFiles', 'imageFiles.imageId', 'images.id')
      .where('imageFiles.imageId', 'is', null)
      .select(['images.id', 'images.ext', 'images.created'])
      .execute();
    let adopted = 0;
    for (const image of orphans) {
      const sizes = Object.keys(IMAGE_SIZES) as ImageSize[];
      const contents = await Promise.all(sizes.map((size) => readFile(join(this.dir, imageFileName(image, size))).catch(() => null)));
      if (contents.some((c) => c === null)) {
        this.log.warn({ imageId: image.id, dir: this.dir }, 'avatar: an image has neither database content nor files; it will answer 404');
        continue;
      }
      const rows = sizes.map((size, i) => ({ imageId: image.id, size, content: contents[i]!, etag: etagOf(contents[i]!), created: image.created }));
      await this.db
        .insertInto('imageFiles')
        .values(rows)
        .onConflict((oc) => oc.columns(['imageId', 'size']).doNothing())
        .execute();
      adopted += 1;
    }
    if (adopted > 0) this.log.info({ adopted, dir: this.dir }, 'avatar: copied image files from UPLOADS_DIR into the database');
    return adopted;
  }

  /** Deletes legacy files of `images` left in `dir`, if any (rows go by cascade). Never throws. */
  async removeFiles(images: readonly Pick<ImageRow, 'id' | 'ext'>[]): Promise<void> {
    await Promise.all(
      images.flatMap((image) =>
        (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) =>
          rm(join(this.dir, imageFileName(image, size)), { force: true }).catch((error: unknown) =>
            this.log.warn({ err: error }, 'could not delete an image file'),
          ),
        ),
      ),
    );
  }

  /** Deletes the rows (with their stored renditions) of `userId`'s images other than `keepId`. */
  async removeImages(userId: string, keepId: string | null): Promise<void> {
    let query = this.db.selectFrom('images').select(['id', 'ext']).where('userId', '=', userId);
    if (keepId) query = query.where('id', '!=', keepId);
    const images = await query.execute();
    if (images.length === 0) return;
    await this.db
      .deleteFrom('images')
      .where(
        'id',
        'in',
        images.map((i) => i.id),
      )
      .execute();
    await this.removeFiles(images);
  }
}
