/**
 * Payouts (decision 0035): `payoutSettings`, the administrators' `payouts` queue, `User.payouts`
 * (private), the `Payout` type, and the mutations `setWithdrawalMethod` (`reauthenticate` is security.ts's, ACC-SUDO),
 * `startStripeOnboarding`, `refreshStripeOnboarding`, `requestPayout` (the user's own) and
 * `markPayoutSent` / `markPayoutFailed` (administrators, audited). The rules are payouts/'s.
 */
import { localizePath } from '@studio/site/locales';
import { z } from 'zod';
import type { PayoutRow, PayoutStatus, UserRow } from '../../platform/db/types.js';
import { toMinor } from '../../modules/money/index.js';
import { conflict, forbidden, fromZod } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { assertSecondAdmin, canReadPrivate, isAdmin } from '../policy.js';
import { type ConnectionArgs, type Ctx, auditActor, connection, loadUser, page, requireAdmin, requireViewer, userOrForbidden } from './common.js';

const DEFAULT_PAGE = 20;
const STATUSES = ['REQUESTED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED'] as const;
const METHODS = ['STRIPE', 'BANK_TRANSFER'] as const;

const setMethodInput = z.object({
  method: z.enum(METHODS),
  bankAccount: z
    .object({
      holderName: z.string().max(200),
      country: z.string().max(10),
      iban: z.string().max(100).nullish(),
      accountNumber: z.string().max(100).nullish(),
      bankCode: z.string().max(100).nullish(),
    })
    .nullish(),
});
const currencyArg = z.string().regex(/^[A-Z]{3}$/, 'use an ISO 4217 code of three capital letters, e.g. USD');
const referenceArg = z.string().trim().min(1, 'give the bank’s reference').max(200, 'use at most 200 characters');
const reasonArg = z.string().trim().min(1, 'say why').max(500, 'use at most 500 characters');

/** `value` checked by `schema` as argument `field`. @throws GraphQLError BAD_USER_INPUT. */
function arg<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZod(parsed.error, field);
  return parsed.data;
}

export const payoutResolvers = {
  Query: {
    payoutSettings: (_: unknown, __: unknown, ctx: Ctx) => {
      const { payouts } = ctx.config;
      const currencies = new Set(['USD', 'EUR', ...Object.keys(payouts.minimums)]);
      return {
        stripeAvailable: payouts.stripe !== null,
        stripeCountries: payouts.stripe ? payouts.stripeCountries : [],
        minimums: [...currencies].sort().map((currency) => ({ amount: ctx.payouts.minimumOf(currency), currency })),
        cooldownHours: payouts.cooldownMs / 3_600_000,
      };
    },
    async payouts(_: unknown, args: ConnectionArgs & { status?: string | null; method?: string | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const status = args.status ? arg(z.enum(STATUSES), args.status, 'status') : undefined;
      const method = args.method ? arg(z.enum(METHODS), args.method, 'method') : undefined;
      const slice = page(args, DEFAULT_PAGE);
      return connection(await ctx.payouts.list({ ...(status ? { status } : {}), ...(method ? { method } : {}) }, slice), args, slice);
    },
  },
  User: {
    async payouts(user: UserRow, args: ConnectionArgs, ctx: Ctx) {
      if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
      const slice = page(args, DEFAULT_PAGE);
      return connection(await ctx.payouts.list({ userId: user.id }, slice), args, slice);
    },
  },
  Payout: {
    id: (p: PayoutRow) => globalId('Payout', p.id),
    amount: (p: PayoutRow) => ({ amount: toMinor(p.amount), currency: p.currency }),
    status: (p: PayoutRow): PayoutStatus => p.status,
    user: (p: PayoutRow, _: unknown, ctx: Ctx) => {
      if (!isAdmin(ctx.viewer)) throw forbidden();
      return p.userId ? loadUser(ctx, p.userId) : null;
    },
  },
  Mutation: {
    async setWithdrawalMethod(_: unknown, { input }: { input: unknown }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const parsed = setMethodInput.safeParse(input);
      if (!parsed.success) throw fromZod(parsed.error);
      await ctx.payoutMethods.setMethod(viewer.userId, viewer.sessionId, parsed.data, ctx.device);
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },
    async startStripeOnboarding(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const user = await userOrForbidden(ctx, viewer.userId);
      const path = localizePath('/profile/payouts', user.locale === 'ru' || user.locale === 'es' ? user.locale : 'en');
      // PAYOUT-COOLDOWN: a new onboarding link pauses payouts and tells the address (decision 0044).
      const url = await ctx.payoutMethods.startOnboarding(viewer.userId, path, { sessionId: viewer.sessionId, device: ctx.device });
      ctx.loaders.user.clear(viewer.userId);
      return { url };
    },
    async refreshStripeOnboarding(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await ctx.payoutMethods.refreshOnboarding(viewer.userId);
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },
    async requestPayout(_: unknown, { currency }: { currency: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      return ctx.payouts.request(viewer.userId, viewer.sessionId, arg(currencyArg, currency, 'currency'));
    },
    async markPayoutSent(_: unknown, args: { id: string; reference: string; version: number }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'Payout', 'id');
      const payout = await ctx.payouts.byId(id);
      if (!payout) throw forbidden();
      assertSecondAdmin(requireViewer(ctx), payout.userId);
      const reference = arg(referenceArg, args.reference, 'reference');
      return (
        (await ctx.payouts.finish(id, { status: 'PAID', reference }, { actor, version: args.version })) ??
        Promise.reject(conflict('VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', 'version'))
      );
    },
    async markPayoutFailed(_: unknown, args: { id: string; reason: string; version: number }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'Payout', 'id');
      const payout = await ctx.payouts.byId(id);
      if (!payout) throw forbidden();
      assertSecondAdmin(requireViewer(ctx), payout.userId);
      const reason = arg(reasonArg, args.reason, 'reason');
      return (
        (await ctx.payouts.finish(id, { status: 'FAILED', reason }, { actor, version: args.version })) ??
        Promise.reject(conflict('VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', 'version'))
      );
    },
  },
};
