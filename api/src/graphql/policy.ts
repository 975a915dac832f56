/**
 * The one authorisation policy of the server (ACC-POLICY): a user reads and changes only
 * their own record; `role`, `isVerified`, `type` and other users' records are admin-only.
 * Every resolver that touches a user's private data asks this module.
 */
import { forbidden } from './errors.js';

export interface Viewer {
  userId: string;
  sessionId: string;
  role: string;
}

/** Fields of `updateUser` that only administrators may set. */
export const ADMIN_ONLY_FIELDS = ['role', 'isVerified', 'type'] as const;

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'ADMIN';
}

/** May `viewer` read the private fields of user `ownerId`? */
export function canReadPrivate(viewer: Viewer | null, ownerId: string): boolean {
  return !!viewer && (viewer.userId === ownerId || isAdmin(viewer));
}

/**
 * Asserts that `viewer` may change user `targetId` with the given argument names.
 * @throws GraphQLError `Forbidden resource` otherwise.
 */
export function assertCanUpdateUser(viewer: Viewer, targetId: string, fields: readonly string[]): void {
  if (isAdmin(viewer)) return;
  if (viewer.userId !== targetId) throw forbidden();
  if (fields.some((f) => (ADMIN_ONLY_FIELDS as readonly string[]).includes(f))) throw forbidden();
}

/** Asserts that `viewer` may act on something owned by `ownerId` (delete user, password, accounts). */
export function assertOwnerOrAdmin(viewer: Viewer, ownerId: string): void {
  if (viewer.userId !== ownerId && !isAdmin(viewer)) throw forbidden();
}

/**
 * May `viewer` see and sign out the sessions of user `ownerId`? Only the user themselves — not
 * administrators: a session list shows where a person signs in (SESSION-DEVICES).
 */
export function canManageSessions(viewer: Viewer | null, ownerId: string): boolean {
  return !!viewer && viewer.userId === ownerId;
}

/**
 * May `viewer` read request (order) `order` (REQ-CLIENT-AREA)? Its client — the user it belongs
 * to — and administrators; its admin-only fields (`lostReason`, `assignee`, `client`, `notes`)
 * only administrators.
 */
export function canReadOrder(viewer: Viewer | null, order: { userId: string | null }): boolean {
  return !!viewer && (isAdmin(viewer) || (order.userId !== null && order.userId === viewer.userId));
}
