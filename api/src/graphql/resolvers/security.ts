/**
 * The account security centre (decision 0040): `User.twoFactor`, `User.passkeys`,
 * `User.reauthenticationMethods`, `User.securityEvents` (only the user themselves, like the
 * session list: `canManageSessions`, ACC-POLICY), the `Passkey` and `SecurityEvent` types, and the
 * mutations of ACC-2FA, ACC-PASSKEYS, ACC-SUDO (`reauthenticate`, `sendReauthenticationCode`) and ACC-TIMELINE
 * (`reportSecurityEvent`). The rules are accountSecurity/'s.
 */
import { z } from 'zod';
import type { PasskeyRow, SecurityEventRow, UserRow } from '../../platform/db/types.js';
import { deviceLabel } from '../../platform/http/device.js';
import { forbidden, fromZod } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { canManageSessions } from '../policy.js';
import { type ConnectionArgs, type Ctx, connection, page, requireViewer, userOrForbidden } from './common.js';

const DEFAULT_PAGE = 20;
const codeArg = z.string().trim().min(1, 'enter the code').max(40, 'use at most 40 characters');
const passkeyName = z.string().trim().min(1, 'give the passkey a name').max(64, 'use at most 64 characters');
const jsonArg = z.string().min(1, 'required').max(16_384, 'too long');

/** `value` checked by `schema` as argument `field`. @throws GraphQLError BAD_USER_INPUT. */
function arg<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZod(parsed.error, field);
  return parsed.data;
}

/** The acting user and session (ACC-SUDO needs the session), and the request's device for the security mails. */
function actor(ctx: Ctx) {
  const viewer = requireViewer(ctx);
  return { userId: viewer.userId, sessionId: viewer.sessionId, requestDevice: ctx.device ?? null };
}

function own(ctx: Ctx, user: UserRow): void {
  if (!canManageSessions(ctx.viewer, user.id)) throw forbidden();
}

export const securityResolvers = {
  User: {
    async twoFactor(user: UserRow, _: unknown, ctx: Ctx) {
      own(ctx, user);
      return ctx.security.twoFactor.status(user.id);
    },
    async passkeys(user: UserRow, _: unknown, ctx: Ctx) {
      own(ctx, user);
      return ctx.security.passkeys.list(user.id);
    },
    async reauthenticationMethods(user: UserRow, _: unknown, ctx: Ctx) {
      own(ctx, user);
      return ctx.security.proofMethods(user);
    },
    async securityEvents(user: UserRow, args: ConnectionArgs, ctx: Ctx) {
      own(ctx, user);
      const slice = page(args, DEFAULT_PAGE);
      return connection(await ctx.security.timeline.list(user.id, slice), args, slice);
    },
  },
  Passkey: {
    id: (p: PasskeyRow) => globalId('Passkey', p.id),
  },
  SecurityEvent: {
    id: (e: SecurityEventRow) => globalId('SecurityEvent', e.id),
    deviceLabel: (e: SecurityEventRow) => deviceLabel(e.userAgent),
    sessionActive: (e: SecurityEventRow, _: unknown, ctx: Ctx) => ctx.security.sessionActive(e),
  },
  Mutation: {
    async reauthenticate(_: unknown, args: { password?: string | null; code?: string | null; passkey?: string | null; emailCode?: string | null }, ctx: Ctx) {
      const who = actor(ctx);
      const proof = {
        password: args.password == null ? null : arg(z.string().max(1024), args.password, 'password'),
        code: args.code == null ? null : arg(codeArg, args.code, 'code'),
        passkey: args.passkey == null ? null : arg(jsonArg, args.passkey, 'passkey'),
        emailCode: args.emailCode == null ? null : arg(codeArg, args.emailCode, 'emailCode'),
      };
      return { validUntil: await ctx.security.reauthenticate(who, proof) };
    },
    async sendReauthenticationCode(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      const sent = await ctx.credentials.sendReauthenticationCode(who.userId);
      return { ...sent, user: await userOrForbidden(ctx, who.userId) };
    },
    async startTwoFactorSetup(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      const user = await userOrForbidden(ctx, who.userId);
      return ctx.security.startTwoFactor(who, user.email);
    },
    async confirmTwoFactorSetup(_: unknown, { code }: { code: string }, ctx: Ctx) {
      const who = actor(ctx);
      const recoveryCodes = await ctx.security.confirmTwoFactor(who, arg(codeArg, code, 'code'));
      return { recoveryCodes, user: await userOrForbidden(ctx, who.userId) };
    },
    async disableTwoFactor(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      await ctx.security.disableTwoFactor(who);
      return userOrForbidden(ctx, who.userId);
    },
    async regenerateRecoveryCodes(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      const recoveryCodes = await ctx.security.regenerateRecoveryCodes(who);
      return { recoveryCodes, user: await userOrForbidden(ctx, who.userId) };
    },
    async reportSecurityEvent(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const who = actor(ctx);
      const eventId = expectId(id, 'SecurityEvent', 'id');
      const signedOutSessions = await ctx.security.reportNotMe(who, eventId);
      if (signedOutSessions === null) throw forbidden();
      return { signedOutSessions };
    },
    async startPasskeyRegistration(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      const user = await userOrForbidden(ctx, who.userId);
      return { options: await ctx.security.startPasskeyRegistration(who, user) };
    },
    async finishPasskeyRegistration(_: unknown, args: { response: string; name: string }, ctx: Ctx) {
      const who = actor(ctx);
      const response = arg(jsonArg, args.response, 'response');
      const name = arg(passkeyName, args.name, 'name');
      return ctx.security.finishPasskeyRegistration(who, response, name);
    },
    async deletePasskey(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const who = actor(ctx);
      const passkeyId = expectId(id, 'Passkey', 'id');
      if (!(await ctx.security.deletePasskey(who, passkeyId))) throw forbidden();
      return userOrForbidden(ctx, who.userId);
    },
    async startPasskeyReauthentication(_: unknown, __: unknown, ctx: Ctx) {
      const who = actor(ctx);
      return { options: await ctx.security.passkeys.authenticationOptions(who.userId) };
    },
  },
};
