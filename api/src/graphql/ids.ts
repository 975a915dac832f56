/**
 * Global ids (Relay server specification): base64 of "Type:localId" via graphql-relay.
 */
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import { badInput } from './errors.js';

export type NodeType = 'User' | 'Image' | 'ServiceAccount' | 'ReferralCode' | 'Product';
const nodeTypes = new Set<string>(['User', 'Image', 'ServiceAccount', 'ReferralCode', 'Product']);

export function globalId(type: NodeType, id: string): string {
  return toGlobalId(type, id);
}

/** Decodes a global id; undefined when it is malformed or of an unknown type. */
export function decodeId(id: string): { type: NodeType; id: string } | undefined {
  try {
    const decoded = fromGlobalId(id);
    if (!nodeTypes.has(decoded.type) || !decoded.id) return undefined;
    return { type: decoded.type as NodeType, id: decoded.id };
  } catch {
    return undefined;
  }
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
