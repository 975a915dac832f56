/**
 * Encryption of secrets the server must read back later (provider tokens of linked accounts, PKCE
 * verifiers of pending social sign-ins): secrets at rest are never kept in clear (AUTH-SOCIAL). Secrets that only
 * need comparing (refresh tokens, reset tokens, codes) are hashed instead.
 *
 * Format: a JWE in compact serialisation (RFC 7516) with `alg: dir`, `enc: A256GCM` (jose), so
 * the ciphertext is authenticated and names its algorithm. The 256-bit key is derived with
 * HKDF-SHA-256 (RFC 5869) from the server secret (`JWT_SECRET` or the generated one, security/signingSecret.ts) and a
 * purpose label, so it is never the JWT signing key itself.
 */
import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

export class SecretBox {
  private readonly key: Uint8Array;

  /** @param secret the server secret; @param purpose a label separating keys for different uses. */
  constructor(secret: Uint8Array, purpose: string) {
    this.key = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), `studio secret box: ${purpose}`, 32));
  }

  /** Encrypts `plaintext` (UTF-8) into a compact JWE string. */
  seal(plaintext: string): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(plaintext)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(this.key);
  }

  /**
   * Decrypts a value made by `seal` with the same secret and purpose.
   * @throws when it was altered or sealed with another key.
   */
  async open(sealed: string): Promise<string> {
    const { plaintext } = await compactDecrypt(sealed, this.key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    return new TextDecoder().decode(plaintext);
  }
}
