/**
 * Global ids (Relay server specification): "Type:localId" in base64url without padding, so an id
 * can stand in a URL path (`/news/{id}`). Decoding also accepts standard base64 with padding
 * (graphql-relay's `toGlobalId`, which ids issued before schema 1.2 used).
 */
import { badInput } from './errors.js';

export type NodeType =
  | 'User'
  | 'Image'
  | 'ServiceAccount'
  | 'ReferralCode'
  | 'Product'
  | 'NewsItem'
  | 'Session'
  | 'AuditEntry'
  | 'Order'
  | 'OrderMessage'
  | 'OrderNote'
  | 'LedgerTransaction'
  | 'Payout'
  | 'Passkey'
  | 'SecurityEvent';
const nodeTypes = new Set<string>([
  'User',
  'Image',
  'ServiceAccount',
  'ReferralCode',
  'Product',
  'NewsItem',
  'Session',
  'AuditEntry',
  'Order',
  'OrderMessage',
  'OrderNote',
  'LedgerTransaction',
  'Payout',
  'Passkey',
  'SecurityEvent',
]);

export function globalId(type: NodeType, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

/** A control character (C0 or DEL): no local id holds one, and PostgreSQL text cannot hold NUL (API-TEXT). */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Decodes a global id; undefined when it is malformed, of an unknown type, or its local id holds a
 * control character (API-TEXT: the base64 hides it from the request guard, security/controlChars.ts).
 */
export function decodeId(id: string): { type: NodeType; id: string } | undefined {
  if (id.length > 400 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(id)) return undefined;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const type = decoded.slice(0, colon);
  const local = decoded.slice(colon + 1);
  if (colon < 1 || !nodeTypes.has(type) || !local || CONTROL.test(local)) return undefined;
  return { type: type as NodeType, id: local };
}

/**
 * Decodes a global id that must be of `type`.
 * @throws GraphQLError BAD_USER_INPUT naming `argument` otherwise.
 */
export function expectId(id: string, type: NodeType, argument: string): string {
  const decoded = decodeId(id);
  if (!decoded || decoded.type !== type) throw badInput(`${argument}: not a valid ${type} id`, argument);
  return decoded.id;
}
