/**
 * Users (ACC-FIELDS, ACC-POLICY, ACC-DELETE, ACC-LINKED, ACC-REFERRAL): `viewer`, `user`, the
 * `User` fields and the mutations on a user's record. Private fields go through `canReadPrivate`,
 * every mutation through `assertCanUpdateUser` / `assertOwnerOrAdmin` (policy.ts) before anything
 * is read or written; the rules of each change are the services' (users/). Administrators'
 * changes of other users are audited in the change's transaction (ADMIN-AUDIT).
 */
import { bio, email, fullName, telegram, username } from '@studio/site/fields';
import { mailLocale } from '../../platform/mail/index.js';
import { PHONE_COUNTRY, phoneCountry, phoneField } from '@studio/site/phones';
import { z } from 'zod';
import type { ImageRow, UserRow } from '../../platform/db/types.js';
import { maskedDetails } from '../../modules/money/index.js';
import { uploadUrl, type ImageSize, imageFileName } from '../../modules/identity/index.js';
import { badInput, conflict, forbidden, fromZod } from '../../platform/graphql/errors.js';
import { decodeId, expectId, globalId } from '../../platform/graphql/ids.js';
import { assertCanUpdateUser, assertOwnerOrAdmin, canReadPrivate, isAuditedUserChange } from '../policy.js';
import { type Ctx, auditActor, loadUser, requireViewer, userOrForbidden } from './common.js';

/** Wraps a private-field resolver: only the user themselves and admins get a value. */
function privateField<T>(read: (user: UserRow, ctx: Ctx) => T) {
  return (user: UserRow, _args: unknown, ctx: Ctx) => {
    if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
    return read(user, ctx);
  };
}

/**
 * The arguments of `updateUser` other than `id` and `phoneCountry`, with the shared field rules
 * (ACC-FIELDS). `country` reads a national phone number: the `phoneCountry` hint, else the country
 * of the account's language (ru → RU, es → ES, en → US); the phone is stored in E.164.
 */
const updateUserArgs = (country: ReturnType<typeof phoneCountry>) =>
  z.object({
    email: email.optional(),
    username: username.optional(),
    fullName: fullName.optional(),
    bio: bio.optional(),
    phone: phoneField(country).optional(),
    telegram: telegram.optional(),
    isVerified: z.boolean().optional(),
    role: z.enum(['USER', 'ADMIN']).optional(),
    type: z.enum(['CLIENT', 'PARTNER']).optional(),
    withdrawalMethod: z.enum(['STRIPE', 'BANK_TRANSFER']).optional(),
    imageId: z.string().max(200).optional(),
    removeImage: z.boolean().optional(),
    checkPassword: z.string().max(1024).optional(),
  });

/** The arguments that were given (GraphQL passes omitted nullable arguments as absent or null). */
function given<T extends Record<string, unknown>>(args: T): Partial<T> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

export const userResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: Ctx) => (ctx.viewer ? loadUser(ctx, ctx.viewer.userId) : null),
    async user(_: unknown, args: { id?: string | null; username?: string | null }, ctx: Ctx) {
      if (args.id) {
        const decoded = decodeId(args.id);
        if (!decoded || decoded.type !== 'User') return null;
        return loadUser(ctx, decoded.id);
      }
      if (args.username) return (await ctx.users.byUsername(args.username)) ?? null;
      throw badInput('Pass either id or username');
    },
  },
  User: {
    id: (u: UserRow) => globalId('User', u.id),
    bio: (u: UserRow) => u.bio,
    image: async (u: UserRow, _: unknown, ctx: Ctx) => (u.imageId ? ((await ctx.users.image(u.imageId)) ?? null) : null),
    email: privateField((u) => u.email),
    emailVerificationCode: () => null,
    isVerified: privateField((u) => u.isVerified === 1),
    pendingEmail: privateField((u) => u.pendingEmail),
    passwordIsSet: privateField((u) => u.passwordHash !== null),
    phone: privateField((u) => u.phone),
    telegram: privateField((u) => u.telegram),
    role: privateField((u) => u.role),
    type: privateField((u) => u.type),
    balance: privateField((u) => Number(u.balance)),
    balanceCurrency: privateField((u) => u.balanceCurrency),
    held: privateField((u) => Number(u.held)),
    withdrawalMethod: privateField((u) => u.withdrawalMethod),
    withdrawalMethodDetails: privateField((u) => maskedDetails(u.withdrawalMethodDetails)),
    payoutsPausedUntil: privateField((u) => u.payoutsPausedUntil),
    stripeAccountId: privateField((u) => u.stripeAccountId),
    stripeOnboardingCompleted: privateField((u) => u.stripeOnboardingCompleted === 1),
    defaultReferralCode: privateField(async (u, ctx) => (await ctx.users.defaultReferralCode(u.id)) ?? null),
    accounts: privateField((u, ctx) => ctx.linkedAccounts.ofUser(u.id)),
  },
  Image: {
    id: (i: { id: string }) => globalId('Image', i.id),
    // The uploader's own file name can say more than they meant to publish (ACC-AVATAR).
    sourceFileName: (i: ImageRow, _: unknown, ctx: Ctx) => (canReadPrivate(ctx.viewer, i.userId) ? i.sourceFileName : null),
    url: (i: ImageRow, { size }: { size?: ImageSize | null }) => uploadUrl(imageFileName(i, size ?? 'LARGE')),
  },
  ServiceAccount: { id: (a: { id: string }) => globalId('ServiceAccount', a.id) },
  ReferralCode: {
    id: (r: { id: string }) => globalId('ReferralCode', r.id),
    isActive: (r: { isActive: number }) => r.isActive === 1,
  },
  Mutation: {
    async updateUser(_: unknown, args: { id: string } & Record<string, unknown>, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = expectId(args.id, 'User', 'id');
      const { id: _id, phoneCountry: hint, ...rest } = args;
      const present = given(rest);
      assertCanUpdateUser(viewer, targetId, Object.keys(present));
      if (hint != null && !phoneCountry(String(hint))) throw badInput('phoneCountry: use an ISO 3166-1 country code such as PT', 'phoneCountry');
      const target = await userOrForbidden(ctx, targetId);
      // A national phone number is read in the hinted country, else the account language's (ACC-FIELDS).
      const parsed = updateUserArgs(phoneCountry(hint == null ? null : String(hint)) ?? PHONE_COUNTRY[mailLocale(target.locale)]).safeParse(present);
      if (!parsed.success) throw fromZod(parsed.error);
      // Someone must stay able to run the site: an administrator cannot demote themselves (ACC-POLICY).
      if (parsed.data.role === 'USER' && target.id === viewer.userId && target.role === 'ADMIN') {
        throw conflict('OWN_ADMIN_ROLE', 'role: administrators cannot remove their own admin role; another administrator can', 'role');
      }
      const { imageId, removeImage, withdrawalMethod, ...change } = parsed.data;
      // ACC-AVATAR-REMOVE: one or the other; `removeImage: false` changes nothing.
      if (removeImage && imageId !== undefined) throw badInput('Pass either imageId or removeImage, not both');
      // The payout method is money's destination: the user's own change goes through the payout
      // rules (a recent proof, the cool-down and the notice, PAYOUT-METHOD); an administrator's is audited as before.
      if (withdrawalMethod !== undefined && target.id === viewer.userId && withdrawalMethod !== target.withdrawalMethod) {
        await ctx.payoutMethods.setMethod(target.id, viewer.sessionId, { method: withdrawalMethod, requireDetails: false }, ctx.device);
      } else if (withdrawalMethod !== undefined && target.id !== viewer.userId) Object.assign(change, { withdrawalMethod });
      const imageLocalId = imageId === undefined ? undefined : expectId(imageId, 'Image', 'imageId');
      // An administrator's change of someone else, or of their own admin-only fields, is audited (ADMIN-AUDIT).
      const audit = isAuditedUserChange(viewer, target.id, Object.keys(present)) ? await auditActor(ctx) : undefined;
      try {
        await ctx.users.updateProfile(
          viewer.userId,
          target,
          { ...change, ...(imageLocalId ? { imageId: imageLocalId } : {}), ...(removeImage ? { removeImage: true } : {}) },
          audit,
          viewer.sessionId,
        );
      } finally {
        ctx.loaders.user.clear(target.id);
      }
      return userOrForbidden(ctx, target.id);
    },

    async deleteAccount(_: unknown, { accountId }: { accountId: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const id = expectId(accountId, 'ServiceAccount', 'accountId');
      const account = await ctx.linkedAccounts.byId(id);
      if (!account) throw forbidden();
      assertOwnerOrAdmin(viewer, account.userId);
      const owner = await userOrForbidden(ctx, account.userId);
      await ctx.linkedAccounts.disconnect(owner, id);
      return { id: globalId('ServiceAccount', id), user: owner };
    },

    async deleteUser(_: unknown, { id, confirmation }: { id: string; confirmation?: string | null }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = expectId(id, 'User', 'id');
      assertOwnerOrAdmin(viewer, targetId);
      const target = await userOrForbidden(ctx, targetId);
      const self = target.id === viewer.userId;
      const audit = self ? undefined : await auditActor(ctx); // only an administrator deletes someone else (ADMIN-AUDIT)
      await ctx.users.deleteUser(target, { self, confirmation: confirmation ?? '', device: ctx.device, ...(audit ? { audit } : {}) });
      ctx.loaders.user.clear(target.id);
      return { id: globalId('User', target.id) };
    },
  },
};
