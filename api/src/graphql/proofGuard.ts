/**
 * The GraphQL side of the one proof table (ACC-SUDO, decision 0044, accountSecurity/policy.ts):
 * every Mutation resolver is wrapped so that a call the table protects first asks
 * `AccountSecurity.requireProof` — before the resolver reads or writes anything. The wrapping is
 * on the resolver map, so it holds for every way an operation arrives (HTTP, the persisted fast
 * path, WebSocket). A signed-out call goes on to the resolver, which answers UNAUTHENTICATED.
 */
import type { GraphQLSchema } from 'graphql';
import { MUTATION_PROOF, assertClassified, inlinePasswordOf, needsProof } from '../modules/identity/index.js';
import type { GraphQLContext } from './context.js';

type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: GraphQLContext, info: unknown) => unknown;

/**
 * `mutations` with each resolver behind its rule of `MUTATION_PROOF`.
 * @throws Error at start-up for a resolver the table does not classify.
 */
export function guardMutations<T extends Record<string, Resolver>>(mutations: T): T {
  assertClassified(MUTATION_PROOF, Object.keys(mutations), 'GraphQL mutations');
  const guarded: Record<string, Resolver> = {};
  for (const [name, resolve] of Object.entries(mutations)) {
    const rule = MUTATION_PROOF[name]!;
    if (rule.proof === 'none') {
      guarded[name] = resolve;
      continue;
    }
    guarded[name] = async (parent, args, ctx, info) => {
      const viewer = ctx.viewer;
      if (viewer && needsProof(rule, args)) await ctx.security.requireProof(viewer.userId, viewer.sessionId, inlinePasswordOf(rule, args));
      return resolve(parent, args, ctx, info);
    };
  }
  return guarded as T;
}

/** @throws Error at start-up when a field of the schema's Mutation type is missing from the table. */
export function assertMutationsClassified(schema: GraphQLSchema): void {
  assertClassified(MUTATION_PROOF, Object.keys(schema.getMutationType()?.getFields() ?? {}), 'GraphQL mutations');
}
