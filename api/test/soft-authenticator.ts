/**
 * A software WebAuthn authenticator for the passkey tests (ACC-PASSKEYS): a P-256 key pair, `none`
 * attestation and ES256 assertions built by hand (CBOR through @simplewebauthn/server's helpers).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const SITE = 'http://studio.test';
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A software authenticator holding one ES256 credential for `rpId`. */
export class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  constructor(
    private readonly rpId = 'studio.test',
    private readonly origin = SITE,
  ) {}

  private authData(flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [Buffer.from(attested)] : [])]);
  }

  /** The browser's `RegistrationResponseJSON` for creation options `optionsJson`. */
  register(optionsJson: string): string {
    const options = JSON.parse(optionsJson) as { challenge: string };
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, Buffer.from(cose)]);
    const authData = this.authData(0x01 | 0x04 | 0x40, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    return JSON.stringify({
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(attestationObject), transports: ['internal'] },
    });
  }

  /** The browser's `AuthenticationResponseJSON` for request options `optionsJson` (the counter grows unless `keepCounter`). */
  assert(optionsJson: string, options: { keepCounter?: boolean; origin?: string } = {}): string {
    const { challenge } = JSON.parse(optionsJson) as { challenge: string };
    if (!options.keepCounter) this.counter += 1;
    const authData = this.authData(0x01 | 0x04);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: options.origin ?? this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return JSON.stringify({
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
    });
  }
}
