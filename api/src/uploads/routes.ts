/**
 * Upload routes (ACC-AVATAR):
 *
 * - `POST /api/uploads/avatar` — `multipart/form-data` with one file in field `file`, bearer
 *   token → 201 `{ data: { id, url, smallUrl } }` (`id` is the Image's global id; pass it to
 *   `updateUser(imageId:)`). Errors: 401 UNAUTHENTICATED, 400 FILE_REQUIRED, 413 FILE_TOO_LARGE
 *   (over 5 MB), 415 NOT_AN_IMAGE, 429 TOO_MANY_REQUESTS (`upload` limit per user, SEC-LIMITS).
 * - `GET /api/uploads/<file>` — the stored WebP files. Names are random UUIDs and a file never
 *   changes, so they are cached for a year as immutable.
 */
import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../credentials/service.js';
import { requireBearer } from '../auth/routes.js';
import type { SessionService } from '../auth/sessions.js';
import { globalId } from '../graphql/ids.js';
import { HttpError } from '../http/errors.js';
import type { RateLimits } from '../security/limits.js';
import { AVATAR_MAX_BYTES, UPLOADS_PATH, type UploadService, imageFileName, uploadUrl } from './service.js';

/** Registers the upload routes above (multipart parsing is scoped to this plugin). */
export async function uploadRoutes(app: FastifyInstance, opts: { uploads: UploadService; sessions: SessionService; limits: RateLimits }): Promise<void> {
  const { uploads, sessions, limits } = opts;
  // Registered in this plugin only, so no other route accepts multipart bodies.
  mkdirSync(uploads.dir, { recursive: true }); // @fastify/static wants its root to exist
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  await app.register(fastifyStatic, {
    root: uploads.dir,
    prefix: UPLOADS_PATH,
    immutable: true,
    maxAge: '365d',
    index: false,
    decorateReply: false,
    allowedPath: (pathName) => /^\/[0-9a-f-]{36}(-128)?\.webp$/.test(pathName),
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
