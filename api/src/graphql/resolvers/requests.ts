/**
 * Requests after the order form (REQ-CLIENT-AREA, REQ-WORKFLOW, REQ-MESSAGES): the `Order` type
 * and its parts, `Query.order`, the administrators' `Query.orders`, `User.orders` and the
 * mutations `changeOrderStatus`, `assignOrder`, `addOrderNote`, `sendOrderMessage`. A request is
 * read by its client and administrators (`canReadOrder`, policy.ts); the admin-only fields answer
 * others `Forbidden resource`. The rules and queries are orders/requests.ts's.
 */
import { GRAPHQL_LOCALE, isLocale } from '@studio/site/locales';
import { z } from 'zod';
import type { OrderMessageRow, OrderRow, OrderStatusChangeRow, UserRow } from '../../platform/db/types.js';
import { ORDER_STATUSES, orderText, statusChangeInput } from '../../modules/requests/index.js';
import { forbidden, fromZod } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { canReadOrder, canReadPrivate, isAdmin } from '../policy.js';
import { type ConnectionArgs, type Ctx, connection, loadUser, page, requireAdmin, requireViewer, searchArg } from './common.js';

/** Requests per page when `first` is not given. */
const DEFAULT_ORDERS_PAGE = 20;

/** Wraps an admin-only field of Order: others get `Forbidden resource`. */
function adminField<T>(read: (order: OrderRow, ctx: Ctx) => T) {
  return (order: OrderRow, _args: unknown, ctx: Ctx) => {
    if (!isAdmin(ctx.viewer)) throw forbidden();
    return read(order, ctx);
  };
}

/** The request with database id `id` when the viewer may read it. @throws GraphQLError FORBIDDEN otherwise (unknown ids alike). */
export async function readableOrder(ctx: Ctx, id: string): Promise<OrderRow> {
  const order = await ctx.requests.byId(id);
  if (!order || !canReadOrder(ctx.viewer, order)) throw forbidden();
  return order;
}

const inboxArgs = z.object({
  status: z.enum(ORDER_STATUSES).nullish(),
});

const bodyArg = z.object({ body: orderText });

/** The checked `body` argument (REQ-MESSAGES). @throws GraphQLError BAD_USER_INPUT naming `body`. */
function parseBody(body: unknown): string {
  const parsed = bodyArg.safeParse({ body });
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data.body;
}

export const requestResolvers = {
  Query: {
    async order(_: unknown, { reference }: { reference: string }, ctx: Ctx) {
      if (reference.length > 40) return null;
      const order = await ctx.requests.byReference(reference);
      return order && canReadOrder(ctx.viewer, order) ? order : null;
    },
    async orders(_: unknown, args: ConnectionArgs & { status?: string | null; search?: string | null; assigneeId?: string | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const parsed = inboxArgs.safeParse({ status: args.status });
      if (!parsed.success) throw fromZod(parsed.error);
      const assigneeId = args.assigneeId ? expectId(args.assigneeId, 'User', 'assigneeId') : undefined;
      const slice = page(args, DEFAULT_ORDERS_PAGE);
      const found = await ctx.requests.inbox({ ...slice, status: parsed.data.status ?? undefined, search: searchArg(args.search), assigneeId });
      return connection(found, args, slice);
    },
  },
  User: {
    /** Private (ACC-POLICY): the user themselves and administrators. */
    async orders(user: UserRow, args: ConnectionArgs, ctx: Ctx) {
      if (!canReadPrivate(ctx.viewer, user.id)) throw forbidden();
      const slice = page(args, DEFAULT_ORDERS_PAGE);
      return connection(await ctx.requests.ofUser(user.id, slice), args, slice);
    },
  },
  Order: {
    id: (o: OrderRow) => globalId('Order', o.id),
    product: async (o: OrderRow, _: unknown, ctx: Ctx) => (await ctx.products.bySlug(o.interest)) ?? null,
    locale: (o: OrderRow) => GRAPHQL_LOCALE[isLocale(o.locale) ? o.locale : 'en'],
    timeline: (o: OrderRow, _: unknown, ctx: Ctx) => ctx.loaders.orderTimeline.load(o.id),
    messages: (o: OrderRow, _: unknown, ctx: Ctx) => ctx.loaders.orderMessages.load(o.id),
    contractValue: (o: OrderRow) => (o.contractAmount !== null && o.contractCurrency ? { amount: o.contractAmount, currency: o.contractCurrency } : null),
    lostReason: adminField((o) => o.lostReason),
    assignee: adminField((o, ctx) => (o.assigneeId ? loadUser(ctx, o.assigneeId) : null)),
    client: adminField((o, ctx) => (o.userId ? loadUser(ctx, o.userId) : null)),
    notes: adminField((o, ctx) => ctx.loaders.orderNotes.load(o.id)),
  },
  OrderStatusChange: {
    at: (c: OrderStatusChangeRow) => c.created,
  },
  OrderMessage: {
    id: (m: OrderMessageRow) => globalId('OrderMessage', m.id),
    fromStudio: (m: OrderMessageRow) => m.fromStudio === 1,
  },
  OrderNote: {
    id: (m: OrderMessageRow) => globalId('OrderNote', m.id),
    author: (m: OrderMessageRow, _: unknown, ctx: Ctx) => (m.authorId ? loadUser(ctx, m.authorId) : null),
  },
  Mutation: {
    async changeOrderStatus(_: unknown, { input }: { input: Record<string, unknown> & { id: string } }, ctx: Ctx) {
      const viewer = requireAdmin(ctx);
      const orderId = expectId(input.id, 'Order', 'input.id');
      const parsed = statusChangeInput.safeParse(input);
      if (!parsed.success) throw fromZod(parsed.error, 'input');
      return { order: await ctx.requests.changeStatus(viewer.userId, orderId, parsed.data) };
    },
    async assignOrder(_: unknown, args: { id: string; assigneeId?: string | null }, ctx: Ctx) {
      const viewer = requireAdmin(ctx);
      const orderId = expectId(args.id, 'Order', 'id');
      const assigneeId = args.assigneeId ? expectId(args.assigneeId, 'User', 'assigneeId') : null;
      return { order: await ctx.requests.assign(viewer.userId, orderId, assigneeId) };
    },
    async addOrderNote(_: unknown, args: { id: string; body: string }, ctx: Ctx) {
      const viewer = requireAdmin(ctx);
      const orderId = expectId(args.id, 'Order', 'id');
      const body = parseBody(args.body);
      return { order: await ctx.requests.addNote(viewer.userId, orderId, body) };
    },
    async sendOrderMessage(_: unknown, args: { id: string; body: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const orderId = expectId(args.id, 'Order', 'id');
      // The policy before the input: another user's request answers alike whatever the body.
      await readableOrder(ctx, orderId);
      const body = parseBody(args.body);
      return { order: await ctx.requests.sendMessage(viewer.userId, orderId, body) };
    },
  },
};
