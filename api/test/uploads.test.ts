/**
 * Avatar uploads (ACC-AVATAR) over real HTTP on SQLite and PostgreSQL: multipart bodies built
 * with Node's FormData and Blob, images generated with sharp (a JPEG carrying EXIF GPS, a PNG),
 * outputs checked with sharp and exifr: re-encoded to WebP at 512 and 128 px, no metadata left,
 * served immutable; `updateUser(imageId:)` and `Image.url(size:)`; replacing or removing
 * (`removeImage`) an avatar and
 * deleting a user remove the stored renditions (rows of `image_files`, decision 0025); non-images,
 * SVG, oversized bodies and missing tokens refused; a strong ETag with 304 on If-None-Match; a
 * second server on the same database serves what the first stored, and adopts legacy files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, type HttpResult, ok, type Registered, startServer, type TestServer, toResult, uniqueDevice } from './harness.js';

const URL_PATTERN = /^\/api\/uploads\/([0-9a-f-]{36})\.webp$/;
const SMALL_URL_PATTERN = /^\/api\/uploads\/([0-9a-f-]{36})-128\.webp$/;
const SET_IMAGE = 'mutation ($id: ID!, $imageId: ID) { updateUser(id: $id, imageId: $imageId) { image { id url small: url(size: SMALL) } } }';
const VIEWER_IMAGE = '{ viewer { image { id url large: url(size: LARGE) small: url(size: SMALL) ext type sourceFileName } } }';

/** A landscape JPEG with EXIF: camera make and model, a description and a GPS position (Paris). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1', ImageDescription: 'my secret garden' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2405/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 707/100' },
    })
    .toBuffer();
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 1 } } })
    .png()
    .toBuffer();
}

interface Member extends Registered {
  id: string;
  localId: string;
}

describeEachDb('uploads on %s', (kind) => {
  let server: TestServer;
  let a: Member;
  let b: Member;

  const db = () => server.app.database.db;
  /** The stored renditions, as the file names they are served under. */
  const filesIn = async () =>
    (await db().selectFrom('imageFiles').select(['imageId', 'size']).execute()).map((f) => `${f.imageId}${f.size === 'SMALL' ? '-128' : ''}.webp`).sort();

  async function member(name: string): Promise<Member> {
    const registered = await server.register({ name });
    const row = await db().selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
    return { ...registered, localId: row.id, id: globalId('User', row.id) };
  }

  /** POST /api/uploads/avatar with `data` as the multipart field `field`. */
  async function upload(token: string | undefined, data: Buffer | string, fileName: string, type: string, field = 'file'): Promise<HttpResult> {
    const form = new FormData();
    form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), fileName);
    const response = await fetch(`${server.baseUrl}/api/uploads/avatar`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return toResult(response);
  }

  /** Uploads `data` for `who`, expects 201 and answers the payload. */
  async function uploadOk(who: Member, data: Buffer, fileName: string, type: string) {
    const result = await upload(who.accessToken, data, fileName, type);
    expect(result.status, result.text).toBe(201);
    return result.json.data as { id: string; url: string; smallUrl: string };
  }

  /** The stored bytes of the rendition served at `url`, or undefined. */
  const bytesOf = async (url: string): Promise<Buffer | undefined> => {
    const [, id, small] = /^\/api\/uploads\/([0-9a-f-]{36})(-128)?\.webp$/.exec(url) ?? [];
    const row = await db()
      .selectFrom('imageFiles')
      .select('content')
      .where('imageId', '=', id ?? '')
      .where('size', '=', small ? 'SMALL' : 'LARGE')
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  };
  const exists = async (url: string) => (await bytesOf(url)) !== undefined;

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    [a, b] = await Promise.all([member('Alice Avatar'), member('Bob Avatar')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  let first: { id: string; url: string; smallUrl: string };

  it('a JPEG with EXIF GPS: 201; stored as WebP 512 and 128 px squares without any metadata', async () => {
    const source = await jpegWithGps();
    // The source really carries the position and the camera data.
    expect(await exifr.gps(source)).toMatchObject({ latitude: expect.closeTo(48.8567, 3), longitude: expect.closeTo(2.352, 3) });
    expect(await exifr.parse(source)).toMatchObject({ Make: 'TestCam', ImageDescription: 'my secret garden' });

    first = await uploadOk(a, source, 'holiday.jpg', 'image/jpeg');
    const [, id] = URL_PATTERN.exec(first.url) ?? [];
    expect(id, first.url).toBeDefined();
    expect(first.smallUrl).toBe(`/api/uploads/${id}-128.webp`);
    expect(first.id).toBe(globalId('Image', id!));

    for (const [url, px] of [
      [first.url, 512],
      [first.smallUrl, 128],
    ] as const) {
      expect(await exists(url), url).toBe(true);
      const bytes = (await bytesOf(url))!;
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: px, height: px });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined();
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
      expect(bytes.includes('TestCam')).toBe(false);
      expect(bytes.includes('secret garden')).toBe(false);
    }
    const row = await db().selectFrom('images').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: a.localId, ext: 'webp', type: 'AVATAR', sourceFileName: 'holiday.jpg' });
  });

  it('serves the files with 200 image/webp, cached a year as immutable', async () => {
    for (const url of [first.url, first.smallUrl]) {
      const response = await fetch(server.baseUrl + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl).toContain('immutable');
      expect(cacheControl).toMatch(/max-age=31536000\b/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals((await bytesOf(url))!)).toBe(true);
    }
    // Nothing but image files is reachable there.
    for (const path of ['/api/uploads/', '/api/uploads/../studio.sqlite', '/api/uploads/jwt-secret', '/api/uploads/%2e%2e/jwt-secret']) {
      const response = await fetch(server.baseUrl + path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('updateUser(imageId) sets the avatar; viewer.image.url(size:) answers both renditions', async () => {
    const set = ok(await server.graphql(SET_IMAGE, { id: a.id, imageId: first.id }, a.accessToken)).updateUser;
    expect(set.image).toEqual({ id: first.id, url: first.url, small: first.smallUrl });
    const viewer = ok(await server.graphql(VIEWER_IMAGE, undefined, a.accessToken)).viewer;
    expect(viewer.image).toEqual({
      id: first.id,
      url: first.url,
      large: first.url,
      small: first.smallUrl,
      ext: 'webp',
      type: 'AVATAR',
      sourceFileName: 'holiday.jpg',
    });
    expect(viewer.image.small).toMatch(SMALL_URL_PATTERN);
  });

  it('B cannot set A’s image as its own avatar (BAD_USER_INPUT), and A’s files stay', async () => {
    const result = await server.graphql(SET_IMAGE, { id: b.id, imageId: first.id }, b.accessToken);
    expect(result.errors?.[0]?.extensions?.['code'], result.text).toBe('BAD_USER_INPUT');
    expect(result.data ?? null).toBeNull();
    const bRow = await db().selectFrom('users').select('imageId').where('id', '=', b.localId).executeTakeFirstOrThrow();
    expect(bRow.imageId).toBeNull();
    expect(await exists(first.url)).toBe(true);
    expect(await exists(first.smallUrl)).toBe(true);
    // Nor on A's record (Forbidden resource).
    const foreign = await server.graphql(SET_IMAGE, { id: a.id, imageId: first.id }, b.accessToken);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Forbidden resource', extensions: { code: 'FORBIDDEN' } });
  });

  it('replacing the avatar deletes the old files and row', async () => {
    const second = await uploadOk(a, await png(), 'portrait.png', 'image/png');
    // Uploaded but not yet in use: the current avatar is still there.
    expect(await exists(first.url)).toBe(true);
    const meta = await sharp((await bytesOf(second.url))!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const set = ok(await server.graphql(SET_IMAGE, { id: a.id, imageId: second.id }, a.accessToken)).updateUser;
    expect(set.image.id).toBe(second.id);
    expect(await exists(first.url)).toBe(false);
    expect(await exists(first.smallUrl)).toBe(false);
    expect(await exists(second.url)).toBe(true);
    expect(await exists(second.smallUrl)).toBe(true);
    expect((await fetch(server.baseUrl + first.url)).status).toBe(404);
    const rows = await db().selectFrom('images').select('id').where('userId', '=', a.localId).execute();
    expect(rows.map((r) => globalId('Image', r.id))).toEqual([second.id]);
    first = second;
  });

  it('updateUser(removeImage: true) clears the avatar and deletes its renditions; not together with imageId (ACC-AVATAR-REMOVE)', async () => {
    const REMOVE = 'mutation ($id: ID!, $imageId: ID) { updateUser(id: $id, imageId: $imageId, removeImage: true) { image { id } } }';
    // Both at once: refused, nothing changes.
    const both = await server.graphql(REMOVE, { id: a.id, imageId: first.id }, a.accessToken);
    expect(both.errors?.[0]?.extensions?.['code'], both.text).toBe('BAD_USER_INPUT');
    expect(await exists(first.url)).toBe(true);
    // Someone else cannot remove A's avatar.
    const foreign = await server.graphql(REMOVE, { id: a.id }, b.accessToken);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Forbidden resource', extensions: { code: 'FORBIDDEN' } });
    expect(await exists(first.url)).toBe(true);
    // `removeImage: false` changes nothing.
    const keep = ok(
      await server.graphql('mutation ($id: ID!) { updateUser(id: $id, removeImage: false) { image { id } } }', { id: a.id }, a.accessToken),
    ).updateUser;
    expect(keep.image.id).toBe(first.id);

    const removed = ok(await server.graphql(REMOVE, { id: a.id }, a.accessToken)).updateUser;
    expect(removed.image).toBeNull();
    expect(ok(await server.graphql(VIEWER_IMAGE, undefined, a.accessToken)).viewer.image).toBeNull();
    expect(await exists(first.url)).toBe(false);
    expect(await exists(first.smallUrl)).toBe(false);
    expect(await db().selectFrom('images').select('id').where('userId', '=', a.localId).execute()).toEqual([]);
    // Removing again is harmless; a new upload can be set afterwards.
    expect(ok(await server.graphql(REMOVE, { id: a.id }, a.accessToken)).updateUser.image).toBeNull();
    const again = await uploadOk(a, await png(), 'again.png', 'image/png');
    expect(ok(await server.graphql(SET_IMAGE, { id: a.id, imageId: again.id }, a.accessToken)).updateUser.image.id).toBe(again.id);
    first = again;
  });

  it.each([
    ['a text file named .jpg', 'not an image at all, just text\n'.repeat(20), 'photo.jpg', 'image/jpeg'],
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    ['an SVG named .png', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>', 'logo.png', 'image/png'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'page.jpg', 'image/jpeg'],
    ['a truncated JPEG', 'TRUNCATED', 'half.jpg', 'image/jpeg'],
  ])('refuses %s with 415 NOT_AN_IMAGE and stores nothing', async (_name, body, fileName, type) => {
    const data = body === 'TRUNCATED' ? (await jpegWithGps()).subarray(0, 400) : Buffer.from(body);
    const before = await filesIn();
    const rowsBefore = await db().selectFrom('images').select('id').execute();
    const result = await upload(a.accessToken, data, fileName, type);
    expect(result.status, result.text).toBe(415);
    expect(result.json.error.code).toBe('NOT_AN_IMAGE');
    expect(await filesIn()).toEqual(before);
    expect(await db().selectFrom('images').select('id').execute()).toEqual(rowsBefore);
  });

  it('refuses a 6 MB body with 413 FILE_TOO_LARGE and stores nothing', async () => {
    const before = await filesIn();
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    big.set(await jpegWithGps(), 0);
    const result = await upload(a.accessToken, big, 'huge.jpg', 'image/jpeg');
    expect(result.status, result.text).toBe(413);
    expect(result.json.error.code).toBe('FILE_TOO_LARGE');
    expect(await filesIn()).toEqual(before);
  });

  it('without a token answers 401 and stores nothing; without a file 400 FILE_REQUIRED', async () => {
    const before = await filesIn();
    const anonymous = await upload(undefined, await png(), 'a.png', 'image/png');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('UNAUTHENTICATED');
    const garbage = await upload('garbage.token.here', await png(), 'a.png', 'image/png');
    expect(garbage.status).toBe(401);
    const wrongField = await upload(a.accessToken, await png(), 'a.png', 'image/png', 'avatar');
    expect(wrongField.status).toBe(400);
    expect(wrongField.json.error.code).toBe('FILE_REQUIRED');
    const json = await server.post('/api/uploads/avatar', { file: 'x' }, { authorization: `Bearer ${a.accessToken}` });
    expect(json.status).toBe(400);
    expect(await filesIn()).toEqual(before);
  });

  it('deleteUser revokes every session and removes the user’s files (in use or not)', async () => {
    const doomed = await member('Doomed Dora');
    const other = await server.login(doomed.email, doomed.password, uniqueDevice('other'));
    expect(other.status).toBe(200);
    const inUse = await uploadOk(doomed, await png(), 'me.png', 'image/png');
    ok(await server.graphql(SET_IMAGE, { id: doomed.id, imageId: inUse.id }, doomed.accessToken));
    const spare = await uploadOk(doomed, await jpegWithGps(), 'spare.jpg', 'image/jpeg');
    const files = [inUse.url, inUse.smallUrl, spare.url, spare.smallUrl];
    for (const file of files) expect(await exists(file)).toBe(true);

    const deleted = ok(
      await server.graphql(
        'mutation ($id: ID!, $c: String) { deleteUser(id: $id, confirmation: $c) { id } }',
        { id: doomed.id, c: doomed.password },
        doomed.accessToken,
      ),
    );
    expect(deleted.deleteUser).toEqual({ id: doomed.id });
    for (const session of [doomed, other.json]) {
      expect((await server.graphql('{ viewer { id } }', undefined, session.accessToken)).status).toBe(401);
      expect((await server.refresh(session.refreshToken)).status).toBe(401);
    }
    for (const file of files) expect(await exists(file), file).toBe(false);
    expect(await db().selectFrom('images').select('id').where('userId', '=', doomed.localId).execute()).toEqual([]);
    expect(await db().selectFrom('sessions').select('id').where('userId', '=', doomed.localId).execute()).toEqual([]);
    // Other users' files are untouched.
    expect(await exists(first.url)).toBe(true);
  });

  it('answers a strong ETag (SHA-256 of the bytes) and 304 without a body to a matching If-None-Match', async () => {
    const full = await fetch(server.baseUrl + first.url);
    const bytes = Buffer.from(await full.arrayBuffer());
    const etag = full.headers.get('etag');
    expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('base64url')}"`);
    for (const ifNoneMatch of [etag!, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const response = await fetch(server.baseUrl + first.url, { headers: { 'if-none-match': ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    }
    // Another rendition, or a stale tag, gets the bytes.
    const stale = await fetch(server.baseUrl + first.url, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(bytes)).toBe(true);
    const small = await fetch(server.baseUrl + first.smallUrl, { headers: { 'if-none-match': etag! } });
    expect(small.status).toBe(200);
    expect(small.headers.get('etag')).not.toBe(etag);
  });

  it('a second server on the same database serves an avatar stored through the first; files an earlier version left in UPLOADS_DIR are adopted on start', async () => {
    const b = await startServer(kind, { MAIL_TRANSPORT: 'memory', MAIL_WORKER_INTERVAL_MS: '600000' }, { shareDataWith: server });
    try {
      for (const url of [first.url, first.smallUrl]) {
        const response = await fetch(b.baseUrl + url);
        expect(response.status, url).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals((await bytesOf(url))!)).toBe(true);
      }
    } finally {
      await b.close();
    }
    // As an earlier version left it: the renditions as files in UPLOADS_DIR, none in the database.
    const legacy = await member('Legacy Lena');
    const old = await uploadOk(legacy, await png(), 'old.png', 'image/png');
    const [, oldId] = URL_PATTERN.exec(old.url) ?? [];
    mkdirSync(server.config.uploadsDir, { recursive: true });
    const oldBytes = { large: (await bytesOf(old.url))!, small: (await bytesOf(old.smallUrl))! };
    writeFileSync(join(server.config.uploadsDir, `${oldId}.webp`), oldBytes.large);
    writeFileSync(join(server.config.uploadsDir, `${oldId}-128.webp`), oldBytes.small);
    await db().deleteFrom('imageFiles').where('imageId', '=', oldId!).execute();
    expect((await fetch(server.baseUrl + old.url)).status).toBe(404);

    const c = await startServer(kind, { MAIL_TRANSPORT: 'memory', MAIL_WORKER_INTERVAL_MS: '600000' }, { shareDataWith: server });
    try {
      expect(await bytesOf(old.url)).toEqual(oldBytes.large);
      expect(await bytesOf(old.smallUrl)).toEqual(oldBytes.small);
      for (const base of [server.baseUrl, c.baseUrl]) {
        const response = await fetch(base + old.smallUrl);
        expect(response.status).toBe(200);
        expect(response.headers.get('etag')).toBe(`"${createHash('sha256').update(oldBytes.small).digest('base64url')}"`);
      }
    } finally {
      await c.close();
    }
  });
});
