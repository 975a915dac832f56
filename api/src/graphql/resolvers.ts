/**
 * Resolvers of schema/schema.graphql. Parents are database rows; ids leave as global ids.
 * Private User fields go through `canReadPrivate` (policy.ts), every mutation through
 * `assertCanUpdateUser` / `assertOwnerOrAdmin` before anything is read or written.
 * Every mutation that changes a user's record publishes that user's id on the live-update bus
 * (`ctx.pubsub.publishUserChanged`, pubsub.ts) after the change is stored; `viewerUpdated`
 * listens for the viewer's own id.
 */
import { Repeater } from 'graphql-yoga';
import { z } from 'zod';
import { verifyPassword } from '../auth/passwords.js';
import { isUniqueViolation, nowIso } from '../db/index.js';
import type { ImageRow, ProductRow, UserRow, UserUpdate } from '../db/types.js';
import { type ImageSize, imageFileName, uploadUrl } from '../uploads/service.js';
import * as rules from '../users/validation.js';
import { type GraphQLContext, buildContext } from './context.js';
import { connection, contentResolvers, page, pickTranslation } from './content.js';
import { badInput, conflict, forbidden, fromHttp, fromZod, unauthenticated } from './errors.js';
import { decodeId, expectId, globalId } from './ids.js';
import { type Viewer, assertCanUpdateUser, assertOwnerOrAdmin, canReadPrivate } from './policy.js';

type Ctx = GraphQLContext;

function requireViewer(ctx: Ctx) {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** Wraps a private-field resolver: only the user themselves and admins get a value. */
function privateField<T>(read: (user: UserRow, ctx: Ctx) => T) {
  return (user: UserRow, _args: unknown, ctx: Ctx) => {
    if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
    return read(user, ctx);
  };
}

async function loadUser(ctx: Ctx, id: string) {
  return (await ctx.loaders.user.load(id)) ?? null;
}

async function userOrForbidden(ctx: Ctx, id: string): Promise<UserRow> {
  const user = await loadUser(ctx, id);
  // A missing user answers the same as a forbidden one, so ids cannot be probed.
  if (!user) throw forbidden();
  return user;
}

const updateUserArgs = z.object({
  email: rules.email.optional(),
  username: rules.username.optional(),
  fullName: rules.fullName.optional(),
  bio: rules.bio.optional(),
  phone: rules.phone.optional(),
  telegram: rules.telegram.optional(),
  isVerified: z.boolean().optional(),
  role: z.enum(['USER', 'ADMIN']).optional(),
  type: z.enum(['CLIENT', 'PARTNER']).optional(),
  withdrawalMethod: z.enum(['STRIPE', 'BANK_TRANSFER']).optional(),
  imageId: z.string().max(200).optional(),
  checkPassword: z.string().max(1024).optional(),
});

function nonNull<T extends Record<string, unknown>>(args: T): Partial<T> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

export const resolvers = {
  Node: {
    __resolveType: (obj: { __typename?: string }) => obj.__typename ?? null,
  },
  Query: {
    async node(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const decoded = decodeId(id);
      if (!decoded) return null;
      switch (decoded.type) {
        case 'User': {
          const user = await loadUser(ctx, decoded.id);
          return user && { ...user, __typename: 'User' };
        }
        case 'Product': {
          const product = await ctx.db.selectFrom('products').selectAll().where('id', '=', decoded.id).executeTakeFirst();
          return product ? { ...product, __typename: 'Product' } : null;
        }
        case 'Image': {
          const image = await ctx.db.selectFrom('images').selectAll().where('id', '=', decoded.id).executeTakeFirst();
          return image && canReadPrivate(ctx.viewer, image.userId) ? { ...image, __typename: 'Image' } : null;
        }
        case 'ServiceAccount': {
          const account = await ctx.db.selectFrom('serviceAccounts').selectAll().where('id', '=', decoded.id).executeTakeFirst();
          return account && canReadPrivate(ctx.viewer, account.userId) ? { ...account, __typename: 'ServiceAccount' } : null;
        }
        case 'NewsItem': {
          const item = await contentResolvers.Query.newsItem(null, { id }, ctx);
          return item ? { ...item, __typename: 'NewsItem' } : null;
        }
        case 'ReferralCode': {
          const code = await ctx.db.selectFrom('referralCodes').selectAll().where('id', '=', decoded.id).executeTakeFirst();
          return code && canReadPrivate(ctx.viewer, code.userId) ? { ...code, __typename: 'ReferralCode' } : null;
        }
      }
    },
    viewer: (_: unknown, __: unknown, ctx: Ctx) => (ctx.viewer ? loadUser(ctx, ctx.viewer.userId) : null),
    async user(_: unknown, args: { id?: string | null; username?: string | null }, ctx: Ctx) {
      if (args.id) {
        const decoded = decodeId(args.id);
        if (!decoded || decoded.type !== 'User') return null;
        return loadUser(ctx, decoded.id);
      }
      if (args.username) {
        return (await ctx.db.selectFrom('users').selectAll().where('username', '=', args.username.trim().toLowerCase()).executeTakeFirst()) ?? null;
      }
      throw badInput('Pass either id or username');
    },
    async products(_: unknown, args: { first?: number | null; after?: string | null }, ctx: Ctx) {
      const slice = page(args, 20);
      const [rows, count] = await Promise.all([
        ctx.db.selectFrom('products').selectAll().orderBy('position').orderBy('id').limit(slice.first).offset(slice.offset).execute(),
        ctx.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return connection(rows, args, slice, Number(count.n));
    },
    async product(_: unknown, { slug }: { slug: string }, ctx: Ctx) {
      return (await ctx.db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null;
    },
    ...contentResolvers.Query,
  },
  User: {
    id: (u: UserRow) => globalId('User', u.id),
    bio: (u: UserRow) => u.bio,
    async image(u: UserRow, _: unknown, ctx: Ctx) {
      if (!u.imageId) return null;
      return (await ctx.db.selectFrom('images').selectAll().where('id', '=', u.imageId).executeTakeFirst()) ?? null;
    },
    email: privateField((u) => u.email),
    emailVerificationCode: () => null,
    isVerified: privateField((u) => u.isVerified === 1),
    pendingEmail: privateField((u) => u.pendingEmail),
    passwordIsSet: privateField((u) => u.passwordHash !== null),
    phone: privateField((u) => u.phone),
    telegram: privateField((u) => u.telegram),
    role: privateField((u) => u.role),
    type: privateField((u) => u.type),
    balance: privateField((u) => u.balance),
    balanceCurrency: privateField((u) => u.balanceCurrency),
    held: privateField((u) => u.held),
    withdrawalMethod: privateField((u) => u.withdrawalMethod),
    withdrawalMethodDetails: privateField((u) => u.withdrawalMethodDetails),
    stripeAccountId: privateField((u) => u.stripeAccountId),
    stripeOnboardingCompleted: privateField((u) => u.stripeOnboardingCompleted === 1),
    defaultReferralCode: privateField(
      async (u, ctx) =>
        (await ctx.db
          .selectFrom('referralCodes')
          .selectAll()
          .where('userId', '=', u.id)
          .where('type', '=', 'DEFAULT')
          .orderBy('created')
          .executeTakeFirst()) ?? null,
    ),
    accounts: privateField((u, ctx) => ctx.db.selectFrom('serviceAccounts').selectAll().where('userId', '=', u.id).orderBy('created').execute()),
  },
  Image: {
    id: (i: { id: string }) => globalId('Image', i.id),
    url: (i: ImageRow, { size }: { size?: ImageSize | null }) => uploadUrl(imageFileName(i, size ?? 'LARGE')),
  },
  ServiceAccount: { id: (a: { id: string }) => globalId('ServiceAccount', a.id) },
  ReferralCode: {
    id: (r: { id: string }) => globalId('ReferralCode', r.id),
    isActive: (r: { isActive: number }) => r.isActive === 1,
  },
  Product: {
    id: (p: ProductRow) => globalId('Product', p.id),
    async name(p: ProductRow, { locale }: { locale: string }, ctx: Ctx) {
      return pickTranslation(await ctx.loaders.productTranslations.load(p.id), locale)?.name ?? p.slug;
    },
    async tagline(p: ProductRow, { locale }: { locale: string }, ctx: Ctx) {
      return pickTranslation(await ctx.loaders.productTranslations.load(p.id), locale)?.tagline ?? '';
    },
    ...contentResolvers.Product,
  },
  NewsItem: contentResolvers.NewsItem,
  Subscription: {
    viewerUpdated: {
      /** Refused without a bearer token: `UNAUTHENTICATED`, as every mutation (DESIGN.md §5). */
      subscribe(_: unknown, __: unknown, ctx: Ctx) {
        return viewerUpdates(ctx, requireViewer(ctx));
      },
      resolve: (user: UserRow) => user,
    },
  },
  Mutation: {
    ...contentResolvers.Mutation,
    async updateUser(_: unknown, args: { id: string } & Record<string, unknown>, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = expectId(args.id, 'User', 'id');
      const { id: _id, ...rest } = args;
      const given = nonNull(rest);
      assertCanUpdateUser(viewer, targetId, Object.keys(given));
      const parsed = updateUserArgs.safeParse(given);
      if (!parsed.success) throw fromZod(parsed.error);
      const input = parsed.data;
      const target = await userOrForbidden(ctx, targetId);

      const patch: UserUpdate = {};
      // One's own address changes only after the code mailed to the new one comes back
      // (accounts/service.ts); an administrator's change applies at once.
      let startEmailChange: string | null = null;
      if (input.email !== undefined && input.email !== target.email) {
        if (viewer.userId === target.id) startEmailChange = input.email;
        else {
          patch.email = input.email;
          patch.isVerified = 0;
          patch.pendingEmail = null;
        }
      }
      if (input.username !== undefined) patch.username = input.username;
      if (input.fullName !== undefined) patch.fullName = input.fullName;
      if (input.bio !== undefined) patch.bio = input.bio || null;
      if (input.phone !== undefined) patch.phone = input.phone || null;
      if (input.telegram !== undefined) patch.telegram = input.telegram || null;
      if (input.withdrawalMethod !== undefined) patch.withdrawalMethod = input.withdrawalMethod;
      if (input.isVerified !== undefined) patch.isVerified = input.isVerified ? 1 : 0;
      if (input.role !== undefined) patch.role = input.role;
      if (input.type !== undefined) patch.type = input.type;
      if (input.imageId !== undefined) {
        const imageId = expectId(input.imageId, 'Image', 'imageId');
        const image = await ctx.db.selectFrom('images').select(['id', 'userId']).where('id', '=', imageId).executeTakeFirst();
        if (!image || image.userId !== target.id) throw badInput('imageId: no such image of this user', 'imageId');
        patch.imageId = imageId;
      }
      if (Object.keys(patch).length > 0) {
        patch.updated = nowIso();
        try {
          await ctx.db.updateTable('users').set(patch).where('id', '=', target.id).execute();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (patch.username) {
            const taken = await ctx.db.selectFrom('users').select('id').where('username', '=', patch.username).where('id', '!=', target.id).executeTakeFirst();
            if (taken) throw conflict('USERNAME_TAKEN', 'username: this username is already taken', 'username');
          }
          throw conflict('EMAIL_TAKEN', 'email: an account with this e-mail already exists', 'email');
        }
        ctx.loaders.user.clear(target.id);
        ctx.pubsub.publishUserChanged(target.id);
        // The replaced avatar (and any upload not in use) goes, rows and files.
        if (patch.imageId) await ctx.uploads.removeImages(target.id, patch.imageId);
      }
      if (startEmailChange) {
        const email = startEmailChange;
        await fromHttp(() => ctx.accounts.startEmailChange(target.id, email, input.checkPassword));
        ctx.loaders.user.clear(target.id);
      }
      return userOrForbidden(ctx, target.id);
    },

    async sendEmailVerification(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const sent = await fromHttp(() => ctx.accounts.sendVerification(viewer.userId));
      return { ...sent, user: await userOrForbidden(ctx, viewer.userId) };
    },

    async verifyEmail(_: unknown, { code }: { code: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await fromHttp(() => ctx.accounts.verifyEmail(viewer.userId, code.slice(0, 64)));
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async confirmEmailChange(_: unknown, { code }: { code: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await fromHttp(() => ctx.accounts.confirmEmailChange(viewer.userId, code.slice(0, 64)));
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async cancelEmailChange(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await ctx.accounts.cancelEmailChange(viewer.userId);
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async deleteAccount(_: unknown, { accountId }: { accountId: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const id = expectId(accountId, 'ServiceAccount', 'accountId');
      const account = await ctx.db.selectFrom('serviceAccounts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!account) throw forbidden();
      assertOwnerOrAdmin(viewer, account.userId);
      const owner = await userOrForbidden(ctx, account.userId);
      const others = await ctx.db.selectFrom('serviceAccounts').select('id').where('userId', '=', owner.id).where('id', '!=', id).execute();
      if (owner.passwordHash === null && others.length === 0) {
        throw conflict('LAST_SIGN_IN_METHOD', 'This is the only way to sign in to the account; set a password before disconnecting it.');
      }
      await ctx.db.deleteFrom('serviceAccounts').where('id', '=', id).execute();
      ctx.pubsub.publishUserChanged(owner.id); // its `accounts` changed
      return { id: globalId('ServiceAccount', id), user: owner };
    },

    async deleteUser(_: unknown, { id, confirmation }: { id: string; confirmation?: string | null }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = expectId(id, 'User', 'id');
      assertOwnerOrAdmin(viewer, targetId);
      const target = await userOrForbidden(ctx, targetId);
      if (target.id === viewer.userId) {
        // A stolen access token alone must not be enough to destroy the account.
        const given = (confirmation ?? '').slice(0, 1024);
        const confirmed = target.passwordHash !== null ? await verifyPassword(target.passwordHash, given) : given.trim().toLowerCase() === target.email;
        if (!confirmed) {
          throw conflict(
            'WRONG_PASSWORD',
            target.passwordHash !== null ? 'confirmation: the current password did not match' : 'confirmation: type the e-mail address of the account',
            'confirmation',
          );
        }
      }
      const images = await ctx.db.selectFrom('images').select(['id', 'ext']).where('userId', '=', target.id).execute();
      // Sessions, tokens, images, linked accounts and codes go with the user (ON DELETE CASCADE).
      await ctx.db.deleteFrom('users').where('id', '=', target.id).execute();
      await ctx.uploads.removeFiles(images);
      ctx.loaders.user.clear(target.id);
      ctx.pubsub.publishUserChanged(target.id); // ends the user's subscriptions (viewerUpdates)
      return { id: globalId('User', target.id) };
    },

    async updatePassword(_: unknown, args: { newPassword: string; oldPassword?: string | null; userId?: string | null }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = args.userId ? expectId(args.userId, 'User', 'userId') : viewer.userId;
      assertOwnerOrAdmin(viewer, targetId);
      const target = await userOrForbidden(ctx, targetId);
      const self = target.id === viewer.userId;
      // Other devices are signed out; this one stays when the user changes their own password.
      await fromHttp(() =>
        ctx.accounts.changePassword(target.id, args.newPassword, { oldPassword: args.oldPassword, requireOld: self, keepSessionId: self ? viewer.sessionId : null }),
      );
      ctx.loaders.user.clear(target.id);
      return { id: globalId('User', target.id), user: await loadUser(ctx, target.id) };
    },
  },
};

/**
 * The records of `viewer`'s user after each change notice, for `viewerUpdated`.
 *
 * For every notice (bursts coalesce into one, pubsub.ts) the subscriber's bearer token is checked
 * again, exactly as for a new operation (`buildContext`), and the record is loaded with fresh
 * loaders; the User field resolvers then apply the policy as for `viewer`. Ends:
 * - completes when the user no longer exists (deleted);
 * - (token expiry closes the whole socket with 4403, graphql/server.ts, and the client reconnects);
 * - fails with `UNAUTHENTICATED` "The access token is revoked." at the next notice after its
 *   session ended (sign-out, password change on another device, refresh-token reuse);
 * - stops listening at once when the client unsubscribes or the socket closes.
 * Nested fields run with the subscription's own context, whose viewer is the same user (the
 * token's subject never changes); they read the database directly, so they are fresh too.
 */
function viewerUpdates(ctx: Ctx, viewer: Viewer): Repeater<UserRow> {
  const services = { db: ctx.db, sessions: ctx.sessions, config: ctx.config, pubsub: ctx.pubsub, orders: ctx.orders, accounts: ctx.accounts, uploads: ctx.uploads };
  return new Repeater<UserRow>(async (push, stop) => {
    const changes = ctx.pubsub.subscribeUserChanges(viewer.userId);
    void stop.then(() => changes.return());
    for await (const _change of changes) {
      const fresh = await buildContext(services, ctx.bearer);
      if (typeof fresh === 'string') {
        const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', viewer.userId).executeTakeFirst();
        if (exists) throw unauthenticated(`The access token is ${fresh}.`);
        break;
      }
      const user = await fresh.loaders.user.load(viewer.userId);
      if (!user) break;
      await push(user);
    }
    stop();
  });
}
