/**
 * What the user's admin page says when a change or "End all sessions" fails (ADMIN-USERS), in the
 * page's language: an administrator removing their own admin role (`OWN_ADMIN_ROLE`), no longer an
 * administrator (`FORBIDDEN` / `Forbidden resource`), the network, the server's storage away, or
 * "could not save".
 */
import type { FieldProblem } from '@studio/site/problems';
import { type GraphQLErrorLike, firstError } from '../../../forms/serverErrors';

export function adminUserProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  const error = firstError(errors);
  if (!error) return { id: 'admin.users.error.save' };
  if (error.code === 'OWN_ADMIN_ROLE') return { id: 'admin.users.error.ownAdminRole' };
  if (error.code === 'FORBIDDEN' || errors.some((e) => e.message === 'Forbidden resource')) return { id: 'admin.users.error.forbidden' };
  if (error.code === 'NETWORK') return { id: 'error.NETWORK' };
  if (['STORAGE_FULL', 'STORAGE_READ_ONLY', 'DATABASE_UNAVAILABLE'].includes(error.code)) return { id: 'error.UNAVAILABLE' };
  return { id: 'admin.users.error.save' };
}
