/** The avatar upload's browser checks and the mapping of the server's answers. */
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, UploadError, avatarFileProblem, parseUploadResponse, uploadErrorMessageId, uploadErrorProblem } from './uploadAvatar';

describe('avatarFileProblem', () => {
  it('accepts an image up to 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses larger files, other types and empty files', () => {
    expect(avatarFileProblem({ type: 'image/webp', size: AVATAR_MAX_BYTES + 1 })).toBe('profile.avatar.error.tooLarge');
    expect(avatarFileProblem({ type: 'application/pdf', size: 1000 })).toBe('profile.avatar.error.notImage');
    expect(avatarFileProblem({ type: '', size: 1000 })).toBe('profile.avatar.error.notImage');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('profile.avatar.error.notImage');
  });
});

describe('parseUploadResponse', () => {
  it('answers the stored image on 201', () => {
    const body = JSON.stringify({ data: { id: 'SW1hZ2U6MQ==', url: '/uploads/a.webp', smallUrl: '/uploads/a-128.webp' } });
    expect(parseUploadResponse(201, body)).toEqual({ id: 'SW1hZ2U6MQ==', url: '/uploads/a.webp', smallUrl: '/uploads/a-128.webp' });
  });
  it("throws the server's code, or UNKNOWN for a body that is not the API's", () => {
    const fail = (status: number, body: string) => {
      try {
        parseUploadResponse(status, body);
      } catch (error) {
        return error;
      }
      throw new Error('expected a failure');
    };
    expect(fail(413, JSON.stringify({ error: { code: 'FILE_TOO_LARGE', message: 'x' } }))).toEqual(new UploadError(413, 'FILE_TOO_LARGE'));
    expect(fail(502, '<html>Bad gateway</html>')).toEqual(new UploadError(502, 'UNKNOWN'));
    expect(fail(201, '{}')).toEqual(new UploadError(201, 'UNKNOWN'));
    expect((fail(429, JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1800 } })) as UploadError).retryAfterSeconds).toBe(1800);
  });
});

describe('uploadErrorMessageId', () => {
  it.each([
    [new UploadError(413, 'FILE_TOO_LARGE'), 'profile.avatar.error.tooLarge'],
    [new UploadError(413, 'UNKNOWN'), 'profile.avatar.error.tooLarge'],
    [new UploadError(415, 'NOT_AN_IMAGE'), 'profile.avatar.error.notImage'],
    [new UploadError(400, 'FILE_REQUIRED'), 'profile.avatar.error.required'],
    [new UploadError(401, 'UNAUTHENTICATED'), 'profile.avatar.error.session'],
    [new UploadError(429, 'RATE_LIMITED'), 'profile.error.tooManyRequests'],
    [new UploadError(0, 'NETWORK'), 'profile.avatar.error.network'],
    [new UploadError(500, 'UNKNOWN'), 'profile.avatar.error.upload'],
    [new Error('boom'), 'profile.avatar.error.upload'],
  ])('%o → %s', (error, id) => {
    expect(uploadErrorMessageId(error)).toBe(id);
  });
});

describe('uploadErrorProblem', () => {
  it('says how long to wait after too many uploads (429, SEC-LIMITS upload), in minutes or seconds', () => {
    expect(uploadErrorProblem(new UploadError(429, 'TOO_MANY_REQUESTS', 1800))).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 30 } });
    expect(uploadErrorProblem(new UploadError(429, 'TOO_MANY_REQUESTS', 20))).toEqual({ id: 'passwords.error.waitSeconds', values: { seconds: 20 } });
    expect(uploadErrorProblem(new UploadError(429, 'RATE_LIMITED'))).toEqual({ id: 'passwords.error.tooManyRequests' });
    expect(uploadErrorProblem(new UploadError(413, 'FILE_TOO_LARGE'))).toEqual({ id: 'profile.avatar.error.tooLarge', values: { max: 5 } });
  });
});
