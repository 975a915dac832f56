/**
 * What every resolver module shares: the viewer checks, user loading through the loader, the
 * decoding of connection arguments and of the GraphQL `Locale` enum, and connections out of a
 * service's page.
 */
import { locale as siteLocale } from '@studio/site/fields';
import { DEFAULT_LOCALE, type Locale, localeFromGraphQL } from '@studio/site/locales';
import { connectionFromArraySlice, cursorToOffset } from 'graphql-relay';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit.js';
import type { UserRow } from '../../platform/db/types.js';
import type { GraphQLContext } from '../context.js';
import { badInput, forbidden, unauthenticated } from '../../platform/graphql/errors.js';
import { isAdmin } from '../policy.js';

export type Ctx = GraphQLContext;

/** The viewer. @throws GraphQLError UNAUTHENTICATED without a bearer token (API-ERRORS). */
export function requireViewer(ctx: Ctx) {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** The viewer, who must be an administrator. @throws GraphQLError UNAUTHENTICATED, or FORBIDDEN for others. */
export function requireAdmin(ctx: Ctx) {
  const viewer = requireViewer(ctx);
  if (!isAdmin(viewer)) throw forbidden();
  return viewer;
}

/**
 * The administrator acting, for the audit log (ADMIN-AUDIT): their id and their e-mail address
 * from their user row as it is now.
 * @throws GraphQLError UNAUTHENTICATED, or FORBIDDEN for others (and for an account deleted meanwhile).
 */
export async function auditActor(ctx: Ctx): Promise<AuditActor> {
  const viewer = requireAdmin(ctx);
  const user = await userOrForbidden(ctx, viewer.userId);
  return { id: user.id, email: user.email };
}

/** An optional `version` argument (ADMIN-CONCURRENCY): undefined when omitted or null. */
export function versionArg(version: number | null | undefined): number | undefined {
  return version ?? undefined;
}

/** User `id` through the request's loader, or null. */
export async function loadUser(ctx: Ctx, id: string): Promise<UserRow | null> {
  return (await ctx.loaders.user.load(id)) ?? null;
}

/** User `id`. @throws GraphQLError FORBIDDEN when there is none: a missing user answers as a forbidden one, so ids cannot be probed. */
export async function userOrForbidden(ctx: Ctx, id: string): Promise<UserRow> {
  const user = await loadUser(ctx, id);
  if (!user) throw forbidden();
  return user;
}

/** The site locale of a GraphQL `Locale` enum value (EN → en); English for anything else. */
export function localeOf(graphqlLocale: unknown): Locale {
  return localeFromGraphQL(graphqlLocale) ?? DEFAULT_LOCALE;
}

/** A GraphQL `Locale` enum value in an input object, decoded to the site locale. */
export const localeArg = z
  .string()
  .transform((value) => localeFromGraphQL(value))
  .pipe(siteLocale);

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

/** A `first` argument: at most 50. @throws GraphQLError BAD_USER_INPUT otherwise. */
export function firstArg(first: number | null | undefined, defaultFirst: number): number {
  const value = first ?? defaultFirst;
  if (value < 0 || value > 50) throw badInput('first: must be between 0 and 50', 'first');
  return value;
}

/**
 * A `search` argument of a list (requests, users, audit log, news, products): trimmed, at most 200
 * characters; blank means no search. @throws GraphQLError BAD_USER_INPUT naming `search`.
 */
export function searchArg(search: string | null | undefined): string | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  if (text.length > 200) throw badInput('search: use at most 200 characters', 'search');
  return text;
}

/** `first`/`after` of a connection, checked: at most 50, a cursor of ours. */
export function page(args: ConnectionArgs, defaultFirst: number): { limit: number; offset: number } {
  const limit = firstArg(args.first, defaultFirst);
  let offset = 0;
  if (args.after) {
    const parsed = cursorToOffset(args.after);
    if (!Number.isSafeInteger(parsed) || parsed < 0 || parsed > 1_000_000) throw badInput('after: not a valid cursor', 'after');
    offset = parsed + 1;
  }
  return { limit, offset };
}

/** A connection of one page of `rows` out of `totalCount`, with graphql-relay's offset cursors. */
export function connection<T>(page: { rows: T[]; totalCount: number }, args: ConnectionArgs, slice: { limit: number; offset: number }) {
  const { rows, totalCount } = page;
  return {
    ...connectionFromArraySlice(rows, { first: slice.limit, after: args.after ?? undefined }, { sliceStart: slice.offset, arrayLength: totalCount }),
    totalCount,
  };
}
