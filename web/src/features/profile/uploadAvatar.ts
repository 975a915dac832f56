/**
 * The avatar upload of /profile (ACC-AVATAR): POST /api/uploads/avatar, multipart/form-data
 * with the file in field `file` and the bearer token (through `authorizedFetch`); the answer
 * `201 { data: { id, url, smallUrl } }` names the stored Image, which `updateUser(imageId)` then
 * makes the avatar. XMLHttpRequest rather than fetch because it reports upload progress.
 * The browser checks size (≤ 5 MB) and type (an image) first; the server's 413 / 415 / 400 answers
 * become the same localized messages. A 401 is answered by one token refresh and one retry
 * (session/authorizedFetch.ts).
 */
import type { FieldProblem } from '@studio/site/problems';
import { waitProblem } from '../../forms/serverErrors';
import { API_BASE } from '../../session/authApi';
import { authorizedFetch } from '../../session/authorizedFetch';

/** The largest avatar the server takes: 5 MB (as bytes, MiB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_UPLOAD_URL = `${API_BASE}/uploads/avatar`;

/** The stored image, as the upload answers it. */
export interface UploadedImage {
  /** The Image's global id, for `updateUser(imageId:)`. */
  id: string;
  url: string;
  smallUrl: string;
}

/** A failed upload: HTTP status (0 when the server could not be reached) and the server's error code. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Seconds to wait after a 429 (the body's `retryAfterSeconds`), when the server said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Avatar upload failed: ${status} ${code}`);
    this.name = 'UploadError';
  }
}

/** The message id for a file the browser refuses before uploading, or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  // An empty file cannot be an image either.
  if (!file.type.startsWith('image/') || file.size === 0) return 'profile.avatar.error.notImage';
  return file.size > AVATAR_MAX_BYTES ? 'profile.avatar.error.tooLarge' : null;
}

/** The message of a failed upload: a 429 says how long to wait (SEC-LIMITS `upload`), the rest by `uploadErrorMessageId`. */
export function uploadErrorProblem(error: unknown): FieldProblem {
  if (error instanceof UploadError && error.status === 429) return waitProblem(error.retryAfterSeconds);
  return { id: uploadErrorMessageId(error), values: { max: 5 } };
}

/** The message id for a failed upload. */
export function uploadErrorMessageId(error: unknown): string {
  if (!(error instanceof UploadError)) return 'profile.avatar.error.upload';
  if (error.status === 413 || error.code === 'FILE_TOO_LARGE') return 'profile.avatar.error.tooLarge';
  if (error.status === 415 || error.code === 'NOT_AN_IMAGE') return 'profile.avatar.error.notImage';
  if (error.code === 'FILE_REQUIRED') return 'profile.avatar.error.required';
  if (error.status === 401) return 'profile.avatar.error.session';
  if (error.status === 429) return 'profile.error.tooManyRequests';
  if (error.status === 0) return 'profile.avatar.error.network';
  return 'profile.avatar.error.upload';
}

/** Reads the upload's answer: the image on 201/200, else an UploadError with the server's code. */
export function parseUploadResponse(status: number, body: string): UploadedImage {
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
  }
  const data = (json as { data?: Partial<UploadedImage> } | null)?.data;
  if ((status === 201 || status === 200) && data && typeof data.id === 'string' && typeof data.url === 'string') {
    return { id: data.id, url: data.url, smallUrl: typeof data.smallUrl === 'string' ? data.smallUrl : data.url };
  }
  const error = (json as { error?: { code?: unknown; retryAfterSeconds?: unknown } } | null)?.error;
  const wait = typeof error?.retryAfterSeconds === 'number' && error.retryAfterSeconds > 0 ? error.retryAfterSeconds : null;
  throw new UploadError(status, typeof error?.code === 'string' ? error.code : 'UNKNOWN', wait);
}

/** One multipart POST; resolves with the status and body (also for error statuses), rejects with UploadError(0) when unreachable. */
function send(file: File, token: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', AVATAR_UPLOAD_URL);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new UploadError(0, 'NETWORK')));
    xhr.addEventListener('abort', () => reject(new UploadError(0, 'ABORTED')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads `file` as the signed-in user's avatar image; reports progress from 0 to 1. */
export async function uploadAvatar(file: File, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<UploadedImage> {
  let first: { status: number; body: string } | undefined;
  const answer = await authorizedFetch(async (token) => {
    if (!token) throw new UploadError(401, 'UNAUTHENTICATED');
    const sent = await send(file, token, options.onProgress, options.signal);
    first ??= sent;
    return sent;
  }).catch((error: unknown) => {
    if (error instanceof UploadError) throw error;
    // The token could not be had (offline: NETWORK), or the refresh after a 401 failed: the 401 stands.
    if (!first) throw new UploadError(0, 'NETWORK');
    return first;
  });
  return parseUploadResponse(answer.status, answer.body);
}
