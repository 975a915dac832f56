/**
 * Upload routes (ACC-AVATAR):
 *
 * - `POST /api/uploads/avatar` — `multipart/form-data` with one file in field `file`, bearer
 *   token → 201 `{ data: { id, url, smallUrl } }` (`id` is the Image's global id; pass it to
 *   `updateUser(imageId:)`). Errors: 401 UNAUTHENTICATED, 400 FILE_REQUIRED, 413 FILE_TOO_LARGE
 *   (over 5 MB), 415 NOT_AN_IMAGE, 429 TOO_MANY_REQUESTS (`upload` limit per user, SEC-LIMITS).
 * - `GET /api/uploads/<imageId>.webp` and `…-128.webp` — the stored renditions, read from the
 *   database (any process serves any image). An image id is never reused and its bytes never
 *   change, so the answer is `Cache-Control: public, max-age=31536000, immutable` with a strong
 *   ETag (the SHA-256 of the bytes); a request whose If-None-Match names it gets 304 without the
 *   bytes being read. Any other name, and a deleted image, is 404.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../credentials/service.js';
import { requireBearer } from '../auth/routes.js';
import type { SessionService } from '../auth/sessions.js';
import { globalId } from '../../../platform/graphql/ids.js';
import { HttpError } from '../../../platform/http/errors.js';
import { controlCharMessage, controlCharPath } from '../../../platform/security/controlChars.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { AVATAR_MAX_BYTES, UPLOADS_PATH, type UploadService, imageFileName, parseImageFileName, uploadUrl } from './service.js';

/** How long browsers and caches may keep a rendition: a year, as it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * True when If-None-Match `header` names `etag` (RFC 9110 §13.1.2: `*`, or a list of entity tags
 * compared weakly, i.e. ignoring a `W/` prefix).
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Registers the upload routes above (multipart parsing is scoped to this plugin). */
export async function uploadRoutes(app: FastifyInstance, opts: { uploads: UploadService; sessions: SessionService; limits: RateLimits }): Promise<void> {
  const { uploads, sessions, limits } = opts;
  // Registered in this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}:name`, async (request, reply) => {
    const wanted = parseImageFileName(request.params.name);
    if (!wanted) throw new HttpError(404, 'NOT_FOUND', 'No such image.');
    const ifNoneMatch = request.headers['if-none-match'];
    const file = await uploads.read(wanted.id, wanted.size, ifNoneMatch !== undefined);
    if (!file) throw new HttpError(404, 'NOT_FOUND', 'No such image.');
    reply.header('etag', file.etag).header('cache-control', IMMUTABLE);
    if (noneMatchHits(ifNoneMatch, file.etag)) return reply.status(304).send();
    // The ETag alone was read for a conditional request that did not match: now the bytes.
    const content = file.content ?? (await uploads.read(wanted.id, wanted.size))?.content;
    if (!content) throw new HttpError(404, 'NOT_FOUND', 'No such image.');
    return reply.type('image/webp').send(content);
  });

  app.post('/api/uploads/avatar', async (request, reply) => {
    const claims = await requireBearer(request, sessions);
    if (!request.isMultipart()) throw new HttpError(400, 'FILE_REQUIRED', 'Send the image as multipart/form-data in the field "file".');
    const wait = await limits.consume('upload', claims.userId);
    if (wait !== null) throw tooManyRequests(wait);
    let data: Buffer;
    let fileName: string | null = null;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new HttpError(400, 'FILE_REQUIRED', 'Send the image in the field "file".');
      fileName = file.filename || null;
      // The file name is stored as text: no control characters (API-TEXT), refused before anything is written.
      if (fileName !== null && controlCharPath(fileName) !== null)
        throw new HttpError(400, 'VALIDATION_FAILED', controlCharMessage('file name'), { field: 'file' });
      data = await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'FILE_TOO_LARGE', `The file is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);
      }
      throw error;
    }
    if (data.length === 0) throw new HttpError(400, 'FILE_REQUIRED', 'The file is empty.');
    const image = await uploads.storeAvatar(claims.userId, data, fileName);
    request.log.info({ userId: claims.userId, imageId: image.id, bytes: data.length }, 'avatar uploaded');
    return reply.status(201).send({
      data: { id: globalId('Image', image.id), url: uploadUrl(imageFileName(image, 'LARGE')), smallUrl: uploadUrl(imageFileName(image, 'SMALL')) },
    });
  });
}
