/**
 * The first administrator (ACC-ADMIN-BOOTSTRAP): an operator with access to the server's settings
 * promotes an existing account to `ADMIN`, or creates a passwordless account with that role and
 * mails it a password-reset link, so no password ever passes through a command line or a shell
 * history. The command is `pnpm admin:create --email <address> [--name <full name>] [--locale en|ru|es]`
 * (users/adminCli.ts).
 */
import type { Locale } from '@studio/site/locales';
import { issuePasswordReset } from '../credentials/reset.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { MailService } from '../../../platform/mail/index.js';
import { createUser, findUserByEmail } from './service.js';

/** What `createOrPromoteAdmin` did. */
export type AdminOutcome = { kind: 'promoted' | 'already-admin' | 'created'; userId: string; email: string };

/**
 * Makes the account of `input.email` an administrator, creating it when there is none (then a
 * password-reset link in `input.locale` is queued on the mail outbox, valid as ACC-RESET says).
 * Input is already validated (`@studio/site/fields` email and fullName rules).
 */
export async function createOrPromoteAdmin(
  deps: { db: Db; mail: MailService },
  input: { email: string; fullName: string; locale: Locale },
): Promise<AdminOutcome> {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) {
    if (existing.role === 'ADMIN') return { kind: 'already-admin', userId: existing.id, email: existing.email };
    await deps.db.updateTable('users').set({ role: 'ADMIN', updated: nowIso() }).where('id', '=', existing.id).execute();
    return { kind: 'promoted', userId: existing.id, email: existing.email };
  }
  const user = await createUser(deps.db, { email: input.email, passwordHash: null, fullName: input.fullName, locale: input.locale });
  await deps.db.updateTable('users').set({ role: 'ADMIN', updated: nowIso() }).where('id', '=', user.id).execute();
  await issuePasswordReset(deps, user.email, input.locale);
  return { kind: 'created', userId: user.id, email: user.email };
}
