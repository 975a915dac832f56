/**
 * Referral earnings (decision 0034): `User.transactions` and `User.balances` (private: the user and
 * administrators, ACC-POLICY), `Query.referralProgram`, the administrators' `postLedgerAdjustment`
 * (LEDGER-ADJUSTMENT, audited), the admin-only `Order.referrer` / `Order.commission`, and the
 * `transactionsUpdated` subscription (LEDGER-LIVE). The rules and queries are ledger/'s.
 */
import { MULTI_LINE_CONTROL } from '@studio/site/fields';
import { Repeater } from 'graphql-yoga';
import { z } from 'zod';
import type { OrderRow, UserRow } from '../../platform/db/types.js';
import type { Movement } from '../../modules/money/index.js';
import { buildContext, servicesOf } from '../context.js';
import { forbidden, fromZod, unauthenticated } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { assertSecondAdmin, canReadPrivate, isAdmin } from '../policy.js';
import { type ConnectionArgs, type Ctx, auditActor, connection, loadUser, page, requireViewer, userOrForbidden } from './common.js';

/** Movements per page when `first` is not given. */
const DEFAULT_TRANSACTIONS_PAGE = 20;
const AMOUNT_MAX = 2_000_000_000;

/** `postLedgerAdjustment`'s input rules (LEDGER-ADJUSTMENT). */
const adjustmentInput = z.object({
  userId: z.string().min(1).max(200),
  amount: z
    .number()
    .int()
    .refine((v) => v !== 0 && Math.abs(v) <= AMOUNT_MAX, `use a non-zero amount of at most ${AMOUNT_MAX} minor units either way`),
  currency: z.string().regex(/^[A-Z]{3}$/, 'use an ISO 4217 code of three capital letters, e.g. USD'),
  reason: z
    .string()
    .trim()
    .min(1, 'say why')
    .max(500, 'use at most 500 characters')
    .refine((v) => !MULTI_LINE_CONTROL.test(v), 'remove the control characters'),
  idempotencyKey: z.string().trim().min(1, 'this field is required').max(100, 'use at most 100 characters'),
});

/** The user after each change of their ledger, for `transactionsUpdated`; ends as `viewerUpdated` does (subscriptions.ts). */
function ledgerUpdates(ctx: Ctx, userId: string): Repeater<UserRow> {
  const services = servicesOf(ctx);
  return new Repeater<UserRow>(async (push, stop) => {
    const changes = ctx.pubsub.subscribeLedgerChanges(userId);
    void stop.then(() => changes.return());
    for await (const _change of changes) {
      const fresh = await buildContext(services, ctx.bearer);
      if (typeof fresh === 'string') {
        if (await ctx.users.exists(userId)) throw unauthenticated(`The access token is ${fresh}.`);
        break;
      }
      const user = await fresh.loaders.user.load(userId);
      if (!user) break;
      for (const loader of Object.values(ctx.loaders)) loader.clearAll();
      await push(user);
    }
    stop();
  });
}

export const ledgerResolvers = {
  Query: {
    referralProgram: (_: unknown, __: unknown, ctx: Ctx) => ({
      commissionPercent: ctx.ledger.settings.commissionBasisPoints / 100,
      holdDays: ctx.ledger.settings.holdMs / 86_400_000,
    }),
  },
  User: {
    async transactions(user: UserRow, args: ConnectionArgs, ctx: Ctx) {
      if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
      const slice = page(args, DEFAULT_TRANSACTIONS_PAGE);
      return connection(await ctx.ledger.movements(user.id, slice), args, slice);
    },
    balances(user: UserRow, _: unknown, ctx: Ctx) {
      if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
      return ctx.ledger.balances(user.id);
    },
  },
  Order: {
    referralCode: (o: OrderRow, _: unknown, ctx: Ctx) => {
      if (!isAdmin(ctx.viewer)) throw forbidden();
      return o.referralCode;
    },
    referrer: async (o: OrderRow, _: unknown, ctx: Ctx) => {
      if (!isAdmin(ctx.viewer)) throw forbidden();
      return o.referrerId ? loadUser(ctx, o.referrerId) : null;
    },
    commission: async (o: OrderRow, _: unknown, ctx: Ctx) => {
      if (!isAdmin(ctx.viewer)) throw forbidden();
      if (!o.referrerId) return null;
      return (await ctx.ledger.commissionOf(o.id)) ?? null;
    },
    /** Administrators only (LEDGER-SELF-REFERRAL). */
    referralHeldForReview: (o: OrderRow, _: unknown, ctx: Ctx) => {
      if (!isAdmin(ctx.viewer)) throw forbidden();
      return ctx.ledger.referralHeldForReview(o);
    },
  },
  LedgerTransaction: {
    id: (m: Movement) => globalId('LedgerTransaction', m.id),
    kind: (m: Movement) => (m.kind === 'payout_paid' ? 'PAYOUT' : m.kind.toUpperCase()),
    amount: (m: Movement) => ({ amount: m.amount, currency: m.currency }),
  },
  Mutation: {
    async postLedgerAdjustment(_: unknown, { input }: { input: Record<string, unknown> }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const parsed = adjustmentInput.safeParse(input);
      if (!parsed.success) throw fromZod(parsed.error);
      const userId = expectId(parsed.data.userId, 'User', 'userId');
      await userOrForbidden(ctx, userId);
      assertSecondAdmin(requireViewer(ctx), userId);
      const { amount, currency, reason, idempotencyKey } = parsed.data;
      const transaction = await ctx.ledger.adjust(actor, { userId, amount, currency, reason, key: idempotencyKey });
      ctx.loaders.user.clear(userId);
      return { transaction, user: await userOrForbidden(ctx, userId) };
    },
  },
  Subscription: {
    transactionsUpdated: {
      /** Refused without a bearer token: `UNAUTHENTICATED`. */
      subscribe: (_: unknown, __: unknown, ctx: Ctx) => ledgerUpdates(ctx, requireViewer(ctx).userId),
      resolve: (user: UserRow) => user,
    },
  },
};
