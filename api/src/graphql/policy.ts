/**
 * The one authorisation policy of the server (ACC-POLICY): a user reads and changes only
 * their own record; `role`, `isVerified`, `type` and other users' records are admin-only, as are
 * the back-office's lists (users, audit log) and ending someone's sessions (ADMIN-USERS, ADMIN-AUDIT);
 * an administrator's own money needs a second administrator (LEDGER-ADJUSTMENT, PAYOUT-QUEUE).
 * Every resolver that touches a user's private data asks this module.
 */
import { conflict, forbidden } from '../platform/graphql/errors.js';

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
 * Asserts that an administrator's action on money is not on their own (LEDGER-ADJUSTMENT,
 * PAYOUT-QUEUE): `postLedgerAdjustment` for oneself and `markPayoutSent` / `markPayoutFailed` of
 * one's own payout need a second administrator. `ownerId` is the local id of the balance's or
 * payout's user (null: a deleted account's payout, nobody's own).
 * @throws GraphQLError `SECOND_ADMIN_REQUIRED` when `ownerId` is the viewer.
 */
export function assertSecondAdmin(viewer: Viewer, ownerId: string | null): void {
  if (ownerId !== null && viewer.userId === ownerId)
    throw conflict('SECOND_ADMIN_REQUIRED', 'Another administrator must do this: administrators cannot change their own balance or payouts.');
}

/**
 * May `viewer` see and sign out the sessions of user `ownerId`? Only the user themselves — not
 * administrators: a session list shows where a person signs in (SESSION-DEVICES).
 */
export function canManageSessions(viewer: Viewer | null, ownerId: string): boolean {
  return !!viewer && viewer.userId === ownerId;
}

/**
 * Is this `updateUser` an administrator's action for the audit log (ADMIN-AUDIT)? An
 * administrator changing another user, or their own admin-only fields; not a user's own profile.
 */
export function isAuditedUserChange(viewer: Viewer, targetId: string, fields: readonly string[]): boolean {
  if (!isAdmin(viewer)) return false;
  return viewer.userId !== targetId || fields.some((f) => (ADMIN_ONLY_FIELDS as readonly string[]).includes(f));
}

/**
 * May `viewer` list and search all users (`Query.users`; ADMIN-USERS)? Administrators only.
 */
export function canListUsers(viewer: Viewer | null): boolean {
  return isAdmin(viewer);
}

/**
 * May `viewer` read how many live sessions user `ownerId` has (`User.activeSessionCount`;
 * ADMIN-USERS, ACC-POLICY)? The user and administrators — who see the count, never the devices.
 */
export function canReadSessionCount(viewer: Viewer | null, ownerId: string): boolean {
  return canReadPrivate(viewer, ownerId);
}

/**
 * May `viewer` sign out every session of another user at once (`endUserSessions`; ADMIN-USERS)?
 * Administrators only (users end their own with `revokeOtherSessions`, SESSION-DEVICES).
 */
export function canEndSessions(viewer: Viewer | null): boolean {
  return isAdmin(viewer);
}

/** May `viewer` read the audit log (`Query.auditLog`; ADMIN-AUDIT)? Administrators only. */
export function canReadAuditLog(viewer: Viewer | null): boolean {
  return isAdmin(viewer);
}

/**
 * May `viewer` read request (order) `order` (REQ-CLIENT-AREA)? Its client — the user it belongs
 * to — and administrators; its admin-only fields (`lostReason`, `assignee`, `client`, `notes`)
 * only administrators.
 */
export function canReadOrder(viewer: Viewer | null, order: { userId: string | null }): boolean {
  return !!viewer && (isAdmin(viewer) || (order.userId !== null && order.userId === viewer.userId));
}
