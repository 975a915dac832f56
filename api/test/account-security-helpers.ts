/**
 * Helpers of the account security centre tests (ACC-2FA, ACC-SUDO, ACC-TIMELINE): authenticator
 * codes for any 30-second step (RFC 6238 with node:crypto, independent of the server's library),
 * turning two-factor authentication on for a member, and the GraphQL documents.
 */
import { createHmac } from 'node:crypto';
import { type TestServer, ok } from './harness.js';
import type { Member } from './requests-helpers.js';

export const START_2FA = 'mutation { startTwoFactorSetup { secret uri } }';
export const CONFIRM_2FA =
  'mutation ($code: String!) { confirmTwoFactorSetup(code: $code) { recoveryCodes user { twoFactor { enabled recoveryCodesLeft } } } }';
export const DISABLE_2FA = 'mutation { disableTwoFactor { twoFactor { enabled } } }';
export const REGENERATE = 'mutation { regenerateRecoveryCodes { recoveryCodes user { twoFactor { recoveryCodesLeft } } } }';
export const REAUTH =
  'mutation ($password: String, $code: String, $passkey: String) { reauthenticate(password: $password, code: $code, passkey: $passkey) { validUntil } }';
export const TIMELINE =
  'query ($id: ID!, $first: Int) { node(id: $id) { ... on User { reauthenticationMethods securityEvents(first: $first) { totalCount edges { node { id kind method deviceLabel network sessionActive } } } } } }';
export const REPORT = 'mutation ($id: ID!) { reportSecurityEvent(id: $id) { signedOutSessions } }';

/** RFC 4648 base32 → bytes. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The current 30-second step. */
export function stepNow(): number {
  return Math.floor(Date.now() / 30_000);
}

/** The 6-digit code of `secret` (base32) at `step` (RFC 4226/6238, SHA-1). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** Turns two-factor authentication on for `user`; answers the secret and the recovery codes. */
export async function enableTwoFactor(server: TestServer, user: Member): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = ok(await server.graphql(START_2FA, {}, user.accessToken)).startTwoFactorSetup;
  // The previous step's code, so a test may still use the current one once.
  const { recoveryCodes } = ok(await server.graphql(CONFIRM_2FA, { code: totpAt(secret, stepNow() - 1) }, user.accessToken)).confirmTwoFactorSetup;
  return { secret, recoveryCodes };
}

/** POST /api/auth/login for `user` on `deviceToken`. */
export function passwordLogin(server: TestServer, user: Member, deviceToken = user.deviceToken) {
  return server.post('/api/auth/login', { email: user.email, password: user.password, deviceToken });
}

/** POST /api/auth/login/2fa. */
export function secondStep(server: TestServer, body: { challengeToken: string; deviceToken: string; code?: string; recoveryCode?: string }) {
  return server.post('/api/auth/login/2fa', body);
}
