/**
 * The table test of the one proof rule (ACC-SUDO, decision 0044), on SQLite and PostgreSQL: EVERY
 * field of the schema's `type Mutation` and every REST route under /api/auth must be classified in
 * accountSecurity/policy.ts, and each is run with an old session (sign-in and last proof older than
 * 10 minutes) — by a member on their own account and by an administrator on another's. A protected
 * call must answer REAUTHENTICATION_REQUIRED; no call may change the account's ways in or where its
 * money goes (password, address, pending address, links, passkeys, 2FA, recovery codes, live
 * sessions, payout method and details, Stripe account, pause, payouts, started links). A new
 * operation that is not in the table fails the first tests; one wrongly marked free fails the run.
 * Arguments are made from the schema (required ones only; ids name the target account), plus the
 * arguments that make a conditional rule apply.
 */
import { typeDefs } from '@studio/schema';
import {
  type GraphQLArgument,
  type GraphQLInputType,
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isCompositeType,
} from 'graphql';
import { expect, it } from 'vitest';
import { MUTATION_PROOF, REST_PROOF, needsProof } from '../src/modules/identity/accountSecurity/policy.js';
import { authRoutesOf } from '../src/modules/identity/accountSecurity/restGuard.js';
import { describeEachDb, toResult, uniqueDevice } from './harness.js';
import { ageSession } from './payouts-helpers.js';
import { type Member, admin, markVerified, member } from './requests-helpers.js';
import { SITE, useSecurityRig } from './security-flows.js';

const schema = buildSchema(typeDefs);
const mutations = schema.getMutationType()!.getFields();

/** Arguments that need a value a real call would send, so that a wrongly free operation really changes something. */
const REAL: Record<string, unknown> = { newPassword: 'Table-Test-Passphrase-91', password: 'Table-Test-Passphrase-91' };

/** A value for a required input of `type`; ids are `id` (the target's global id). */
function sample(type: GraphQLInputType, id: string, name = ''): unknown {
  if (name in REAL) return REAL[name];
  if (isNonNullType(type)) return sample(type.ofType, id);
  if (isListType(type)) return [sample(type.ofType, id)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type, id, f.name)]),
    );
  }
  if (isScalarType(type)) {
    if (type.name === 'ID') return id;
    if (type.name === 'Int' || type.name === 'Float') return 1;
    if (type.name === 'Boolean') return true;
    return 'x';
  }
  return null;
}

/** The variables that make a conditional rule apply (the rest of the call is the schema's required arguments). */
const TRIGGERS = (targetId: string): Record<string, Record<string, unknown>> => ({
  updateUser: { email: `taken-over-${Date.now()}@example.test`, withdrawalMethod: 'BANK_TRANSFER' },
  updatePassword: { userId: targetId },
});

/** The document and variables of mutation `name` with `extra` arguments, aimed at `targetId`. */
function call(name: string, targetId: string, extra: Record<string, unknown> = {}) {
  const field = mutations[name]!;
  const args: GraphQLArgument[] = field.args.filter((a) => isNonNullType(a.type) || a.name in extra);
  const variables = Object.fromEntries(args.map((a) => [a.name, a.name in extra ? extra[a.name] : sample(a.type, targetId, a.name)]));
  const declared = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return { query: `mutation${declared ? ` (${declared})` : ''} { ${name}${passed ? `(${passed})` : ''}${selection} }`, variables };
}

describeEachDb('the proof table on %s', (kind) => {
  const rig = useSecurityRig(kind);
  const db = () => rig.server.app.database.db;

  /** What decides how `localId`'s account is entered and where its money goes. */
  async function state(localId: string) {
    const d = db();
    const [user, links, passkeys, totp, recovery, sessions, payouts, states] = await Promise.all([
      d
        .selectFrom('users')
        .select(['email', 'pendingEmail', 'passwordHash', 'withdrawalMethod', 'withdrawalMethodDetails', 'stripeAccountId', 'payoutsPausedUntil', 'role'])
        .where('id', '=', localId)
        .executeTakeFirst(),
      d.selectFrom('serviceAccounts').select('id').where('userId', '=', localId).orderBy('id').execute(),
      d.selectFrom('passkeys').select('id').where('userId', '=', localId).orderBy('id').execute(),
      d.selectFrom('totpSecrets').selectAll().where('userId', '=', localId).execute(),
      d.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', localId).orderBy('codeHash').execute(),
      d.selectFrom('sessions').select('id').where('userId', '=', localId).where('revokedAt', 'is', null).orderBy('id').execute(),
      d.selectFrom('payouts').select('id').where('userId', '=', localId).execute(),
      d.selectFrom('socialStates').select('id').where('userId', '=', localId).execute(),
    ]);
    return { user, links, passkeys, totp, recovery, sessions, payouts, states };
  }

  /** Whether nothing was added or changed between `before` and `after`; sessions may only end (a sign-out takes a way in away). */
  function sameWaysIn(before: Awaited<ReturnType<typeof state>>, after: Awaited<ReturnType<typeof state>>): boolean {
    const { sessions: was, ...rest } = before;
    const { sessions: now, ...restAfter } = after;
    return JSON.stringify(rest) === JSON.stringify(restAfter) && now.every((s) => was.some((w) => w.id === s.id));
  }

  it('classifies every mutation of the schema and every /api/auth route, and names none that does not exist', () => {
    expect(Object.keys(MUTATION_PROOF).sort()).toEqual(Object.keys(mutations).sort());
    const routes = authRoutesOf(rig.server.app.fastify).sort();
    expect(routes.length).toBeGreaterThan(10);
    expect(Object.keys(REST_PROOF).sort()).toEqual(routes);
  });

  for (const [actorKind, describe] of [
    ['a member on their own account', 'self'],
    ['a member on their own account without a password', 'passwordless'],
    ['an administrator on another account', 'admin'],
  ] as const) {
    it(`runs every mutation with an old session — ${actorKind}: protected ones are refused, none changes a way in or a payout destination`, async () => {
      const newVictim = async () => {
        const m = await member(rig.server, 'Vic Victim');
        await markVerified(rig.server, m);
        if (describe === 'passwordless') await db().updateTable('users').set({ passwordHash: null }).where('id', '=', m.localId).execute();
        return m;
      };
      let victim = await newVictim();
      const actor = (): Member => (describe === 'admin' ? boss : victim);
      const boss = await admin(rig.server, 'Old Admin');
      const failures: string[] = [];
      for (const name of Object.keys(mutations)) {
        const rule = MUTATION_PROOF[name]!;
        const trigger = TRIGGERS(victim.id)[name];
        const variants = [{}, ...(trigger ? [trigger] : [])];
        for (const extra of variants) {
          const { query, variables } = call(name, victim.id, extra);
          await ageSession(rig.server, actor());
          const before = await state(victim.localId);
          const result = await rig.server.graphql(query, variables, actor().accessToken);
          const after = await state(victim.localId);
          const code = result.errors?.[0]?.extensions?.['code'];
          if (needsProof(rule, variables) && code !== 'REAUTHENTICATION_REQUIRED')
            failures.push(`${name}(${JSON.stringify(extra)}) answered ${code ?? 'data'} instead of REAUTHENTICATION_REQUIRED`);
          // A deleted account has no way in left (ACC-DELETE keeps its own confirmation): the run goes on with a new one.
          if (!after.user) victim = await newVictim();
          else if (!sameWaysIn(before, after))
            failures.push(`${name}(${JSON.stringify(extra)}) changed the account without a proof: ${result.text.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('runs every /api/auth route with an old bearer: protected ones are refused, none changes a way in', async () => {
    const query = new URLSearchParams({ callbackUrl: `${SITE}/loading`, deviceToken: uniqueDevice('table'), state: '/profile' }).toString();
    const failures: string[] = [];
    for (const key of authRoutesOf(rig.server.app.fastify)) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(':provider', 'oidc');
      const victim = await member(rig.server, 'Rex Rest');
      await markVerified(rig.server, victim);
      await ageSession(rig.server, victim);
      const before = await state(victim.localId);
      const headers = { authorization: `Bearer ${victim.accessToken}` };
      const answer =
        method === 'GET'
          ? await toResult(await fetch(`${rig.server.baseUrl}${path}?${query}`, { headers, redirect: 'manual' }))
          : await rig.server.post(path, { deviceToken: uniqueDevice('table') }, headers);
      const after = await state(victim.localId);
      if (needsProof(REST_PROOF[key]!, {}) && (answer.status !== 403 || answer.json?.error?.code !== 'REAUTHENTICATION_REQUIRED'))
        failures.push(`${key} answered ${answer.status} ${answer.text.slice(0, 120)}`);
      if (!sameWaysIn(before, after)) failures.push(`${key} changed the account without a proof`);
    }
    expect(failures).toEqual([]);
  });
});
