/**
 * The one table of what needs a recent proof (ACC-SUDO, decision 0044): every GraphQL mutation
 * and every REST route under /api/auth is classified here — either it needs a proof within the
 * re-authentication window (window.ts) because it adds or changes a way into an account or where
 * its money goes, or it does not, and the table says why. The GraphQL resolver map is wrapped from
 * `MUTATION_PROOF` (graphql/server.ts `guardMutations`), the REST routes get a preHandler from
 * `REST_PROOF` (app.ts `onRoute`); an operation missing from the table stops the server from
 * starting, and api/test/proof-table.test.ts runs every one of them with an old session.
 */

/** What an operation protected by the window guards. */
export type Guarded = 'sign-in' | 'payout';

/** How one operation relates to the re-authentication window. */
export type ProofRule =
  | {
      proof: 'always';
      guards: Guarded;
      /** An argument holding the current password given inline: when right, it is a PASSWORD proof (and stamps the session). */
      inlinePassword?: string;
    }
  | {
      proof: 'when';
      guards: Guarded;
      /** Whether these arguments make the call one that needs a proof. */
      when: (args: Record<string, unknown>) => boolean;
      inlinePassword?: string;
    }
  | {
      proof: 'none';
      /** Why it needs no recent proof (it does not change how the account is entered or paid, or it proves on the spot). */
      why: string;
    };

const given = (value: unknown) => value !== undefined && value !== null;
const CONTENT = 'changes content or requests, not how an account is entered or paid';
const ADMIN = 'an administrator acting on others; audited (ADMIN-AUDIT)';
const PROOF = 'part of giving a proof';

/** Every field of `type Mutation` of schema/schema.graphql. */
export const MUTATION_PROOF: Record<string, ProofRule> = {
  // ACC-EMAIL, PAYOUT-METHOD: the address and the payout method; the rest of the profile is free.
  updateUser: { proof: 'when', guards: 'sign-in', when: (a) => given(a['email']) || given(a['withdrawalMethod']), inlinePassword: 'checkPassword' },
  // ACC-PASSWORD: setting a first password or changing it.
  updatePassword: { proof: 'always', guards: 'sign-in', inlinePassword: 'oldPassword' },
  // ACC-LINKED: unlinking a provider.
  deleteAccount: { proof: 'always', guards: 'sign-in' },
  revokeOtherSessions: { proof: 'always', guards: 'sign-in' },
  startTwoFactorSetup: { proof: 'always', guards: 'sign-in' },
  confirmTwoFactorSetup: { proof: 'always', guards: 'sign-in' },
  disableTwoFactor: { proof: 'always', guards: 'sign-in' },
  regenerateRecoveryCodes: { proof: 'always', guards: 'sign-in' },
  startPasskeyRegistration: { proof: 'always', guards: 'sign-in' },
  finishPasskeyRegistration: { proof: 'always', guards: 'sign-in' },
  deletePasskey: { proof: 'always', guards: 'sign-in' },
  setWithdrawalMethod: { proof: 'always', guards: 'payout' },
  // PAYOUT-STRIPE: the onboarding is where the connected account's bank details are entered.
  startStripeOnboarding: { proof: 'always', guards: 'payout' },
  refreshStripeOnboarding: { proof: 'always', guards: 'payout' },
  requestPayout: { proof: 'always', guards: 'payout' },

  deleteUser: {
    proof: 'none',
    why: 'ACC-DELETE: one’s own deletion carries its own proof given on the spot (the password or a mailed code); administrators delete others',
  },
  sendAccountDeletionCode: { proof: 'none', why: 'mails a code to the account’s own address' },
  sendEmailVerification: { proof: 'none', why: 'mails a code to the account’s own address' },
  verifyEmail: { proof: 'none', why: 'confirms the current address with the code mailed to it' },
  confirmEmailChange: { proof: 'none', why: 'completes a change `updateUser(email:)` started under a proof, with the code mailed to the new address' },
  cancelEmailChange: { proof: 'none', why: 'abandons a pending change' },
  revokeSession: { proof: 'none', why: 'ends one session: takes a way in away' },
  endUserSessions: { proof: 'none', why: `ends sessions: takes ways in away; ${ADMIN}` },
  reportSecurityEvent: { proof: 'none', why: 'ends every session and mails a reset link to the account’s own address' },
  reauthenticate: { proof: 'none', why: 'is the proof' },
  sendReauthenticationCode: { proof: 'none', why: PROOF },
  startPasskeyReauthentication: { proof: 'none', why: PROOF },
  createOrder: { proof: 'none', why: CONTENT },
  createNewsItem: { proof: 'none', why: CONTENT },
  updateNewsItem: { proof: 'none', why: CONTENT },
  publishNewsItem: { proof: 'none', why: CONTENT },
  deleteNewsItem: { proof: 'none', why: CONTENT },
  updateProductTexts: { proof: 'none', why: CONTENT },
  updateProduct: { proof: 'none', why: CONTENT },
  changeOrderStatus: { proof: 'none', why: CONTENT },
  assignOrder: { proof: 'none', why: CONTENT },
  addOrderNote: { proof: 'none', why: CONTENT },
  sendOrderMessage: { proof: 'none', why: CONTENT },
  postLedgerAdjustment: { proof: 'none', why: `changes a balance, not where it is paid; ${ADMIN}` },
  markPayoutSent: { proof: 'none', why: `records what happened to a payout; ${ADMIN}` },
  markPayoutFailed: { proof: 'none', why: `records what happened to a payout; ${ADMIN}` },
};

/** Every route under /api/auth, as `METHOD url` (HEAD routes follow their GET). */
export const REST_PROOF: Record<string, ProofRule> = {
  // ACC-LINKED: starting a link; the callback's link checks the proof of the session that started it (social/service.ts).
  'GET /api/auth/:provider/get-login-url': { proof: 'always', guards: 'sign-in' },
  'GET /api/auth/:provider/callback': {
    proof: 'none',
    why: 'a link completes only when the session that started it had a recent proof then and is still live (checked in the callback)',
  },
  'GET /api/auth/:provider/login': { proof: 'none', why: 'a sign-in, not a change of a signed-in account' },
  'POST /api/auth/social/exchange': { proof: 'none', why: 'a sign-in' },
  'POST /api/auth/register': { proof: 'none', why: 'creates an account' },
  'POST /api/auth/login': { proof: 'none', why: 'a sign-in' },
  'POST /api/auth/login/2fa': { proof: 'none', why: 'a sign-in' },
  'POST /api/auth/login/2fa/recovery': {
    proof: 'none',
    why: 'ACC-2FA-RECOVERY: a sign-in that passed its first factor asks for a delayed removal of 2FA, mailed to the address and cancellable; nothing changes now',
  },
  'POST /api/auth/2fa/recovery/cancel': { proof: 'none', why: 'ACC-2FA-RECOVERY: the mailed link keeps 2FA on — takes nothing away, adds no way in' },
  'POST /api/auth/passkey/options': { proof: 'none', why: 'a sign-in' },
  'POST /api/auth/passkey/login': { proof: 'none', why: 'a sign-in' },
  'POST /api/auth/reset': { proof: 'none', why: 'ACC-RESET: mails a link to the address' },
  'POST /api/auth/reset/check': { proof: 'none', why: 'ACC-RESET: reads a link' },
  'POST /api/auth/reset/confirm': { proof: 'none', why: 'ACC-RESET: the mailed link is the proof' },
  'POST /api/auth/refresh': { proof: 'none', why: 'renews a session' },
  'POST /api/auth/logout': { proof: 'none', why: 'ends a session' },
};

/** `rule` applied to `args`: whether the call needs a recent proof. */
export function needsProof(rule: ProofRule, args: Record<string, unknown>): boolean {
  return rule.proof === 'always' || (rule.proof === 'when' && rule.when(args));
}

/** The inline password of a call under `rule`, if one was given. */
export function inlinePasswordOf(rule: ProofRule, args: Record<string, unknown>): { value: string; field: string } | null {
  if (rule.proof === 'none' || !rule.inlinePassword) return null;
  const value = args[rule.inlinePassword];
  return typeof value === 'string' && value !== '' ? { value, field: rule.inlinePassword } : null;
}

/** The table's key of a route (HEAD answers as its GET). */
export function restKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** @throws Error naming the operations of `names` the table does not classify (a server must not start with one). */
export function assertClassified(table: Record<string, ProofRule>, names: Iterable<string>, what: string): void {
  const missing = [...names].filter((n) => !Object.hasOwn(table, n));
  if (missing.length) throw new Error(`${what} not classified in accountSecurity/policy.ts (ACC-SUDO, decision 0044): ${missing.join(', ')}`);
}
