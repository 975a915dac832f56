/**
 * The client side of requests on SQLite and PostgreSQL: claims by a verified e-mail address
 * (REQ-CLAIM), `User.orders` (REQ-CLIENT-AREA), the conversation and what a client may not see or
 * do (REQ-MESSAGES, ACC-POLICY), and the request mails (REQ-MAIL) as a real SMTP sink receives them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';
import { mailbox, socialBrowser, useSecurityRig } from './security-flows.js';
import { type Sink, startSink } from './smtp-sink.js';
import { ADD_NOTE, CHANGE_STATUS, REQUESTS_ENV, SEND_MESSAGE, type Member, admin, codeOf, member, placeOrder } from './requests-helpers.js';

const SITE = 'http://studio.test';
const USER_ORDERS =
  'query ($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on User { orders(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { reference } } } } } }';
const VIEWER_ORDERS = '{ viewer { orders { totalCount edges { node { reference status } } } } }';
const ORDER = 'query ($reference: String!) { order(reference: $reference) { id reference status messages { body fromStudio authorName } } }';
const VERIFY = 'mutation ($code: String!) { verifyEmail(code: $code) { isVerified } }';

describeEachDb('requests of a client on %s', (kind) => {
  let server: TestServer;
  let sink: Sink;
  let boss: Member;
  beforeAll(async () => {
    sink = await startSink();
    server = await startServer(kind, { ...REQUESTS_ENV, PUBLIC_URL: SITE, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    boss = await admin(server);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });
  const db = () => server.app.database.db;
  const mails = mailbox(
    () => server,
    () => sink,
  );
  const ownerOf = async (localId: string) => (await db().selectFrom('orders').select('userId').where('id', '=', localId).executeTakeFirstOrThrow()).userId;
  const referencesOf = (answer: any): string[] => answer.edges.map((e: any) => e.node.reference);

  /** The code of the newest verification mail queued for `email` (its subject starts with it). */
  async function verificationCode(email: string): Promise<string> {
    const row = await db()
      .selectFrom('mailOutbox')
      .select('subject')
      .where('recipient', '=', email)
      .where('template', '=', 'emailVerificationCode')
      .orderBy('created', 'desc')
      .executeTakeFirstOrThrow();
    return row.subject.split(' ')[0]!;
  }

  it('an order placed signed out is claimed when its address is verified — not by an unverified account, nor by another user', async () => {
    const email = uniqueEmail('claim');
    const order = await placeOrder(server, { email });
    // Stored in other letter case: the address still matches.
    await db().updateTable('orders').set({ email: email.toUpperCase() }).where('id', '=', order.localId).execute();
    const other = await member(server);
    await db().updateTable('users').set({ isVerified: 1 }).where('id', '=', other.localId).execute();
    expect((await server.login(other.email, other.password, uniqueDevice())).status).toBe(200);
    const owner = await member(server);
    await db().updateTable('users').set({ email }).where('id', '=', owner.localId).execute();
    expect((await server.login(email, owner.password, uniqueDevice())).status).toBe(200); // unverified: claims nothing
    expect(await ownerOf(order.localId)).toBeNull();
    expect(ok(await server.graphql(VIEWER_ORDERS, undefined, owner.accessToken)).viewer.orders.totalCount).toBe(0);
    expect(ok(await server.graphql(ORDER, { reference: order.reference }, owner.accessToken)).order).toBeNull();

    ok(await server.graphql('mutation { sendEmailVerification { sentTo } }', undefined, owner.accessToken));
    ok(await server.graphql(VERIFY, { code: await verificationCode(email) }, owner.accessToken));
    expect(await ownerOf(order.localId)).toBe(owner.localId);
    expect(referencesOf(ok(await server.graphql(VIEWER_ORDERS, undefined, owner.accessToken)).viewer.orders)).toEqual([order.reference]);
    expect(ok(await server.graphql(VIEWER_ORDERS, undefined, other.accessToken)).viewer.orders.totalCount).toBe(0);

    // Placed signed out later: claimed at the next sign-in of the verified owner.
    const later = await placeOrder(server, { email });
    expect(await ownerOf(later.localId)).toBeNull();
    expect((await server.login(email, owner.password, uniqueDevice())).status).toBe(200);
    expect(await ownerOf(later.localId)).toBe(owner.localId);
  });

  it('a confirmed e-mail change claims the orders of the new address', async () => {
    const user = await member(server);
    const newEmail = uniqueEmail('moved');
    const order = await placeOrder(server, { email: newEmail });
    ok(
      await server.graphql(
        'mutation ($id: ID!, $email: String, $pw: String) { updateUser(id: $id, email: $email, checkPassword: $pw) { pendingEmail } }',
        { id: user.id, email: newEmail, pw: user.password },
        user.accessToken,
      ),
    );
    expect(await ownerOf(order.localId)).toBeNull(); // pending: not proved yet
    // From the delivered mail: a sent outbox row keeps no body (its code is a secret, ACC-EMAIL).
    const mail = await mails.only(newEmail, /Confirm your new email address/);
    const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail.text ?? '')![1]!;
    ok(await server.graphql('mutation ($code: String!) { confirmEmailChange(code: $code) { email } }', { code }, user.accessToken));
    expect(await ownerOf(order.localId)).toBe(user.localId);
  });

  it('an administrator setting isVerified claims the orders of the address', async () => {
    const user = await member(server);
    const order = await placeOrder(server, { email: user.email });
    expect(await ownerOf(order.localId)).toBeNull();
    ok(await server.graphql('mutation ($id: ID!) { updateUser(id: $id, isVerified: true) { isVerified } }', { id: user.id }, boss.accessToken));
    expect(await ownerOf(order.localId)).toBe(user.localId);
  });

  it('User.orders: newest first, paginated, private to the user and administrators', async () => {
    const user = await member(server);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await placeOrder(server, { token: user.accessToken })).reference);
    const first = ok(await server.graphql(USER_ORDERS, { id: user.id, first: 2 }, user.accessToken)).node.orders;
    expect(first.totalCount).toBe(3);
    expect(referencesOf(first)).toEqual([placed[2], placed[1]]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = ok(await server.graphql(USER_ORDERS, { id: user.id, first: 2, after: first.pageInfo.endCursor }, user.accessToken)).node.orders;
    expect(referencesOf(second)).toEqual([placed[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect(ok(await server.graphql(USER_ORDERS, { id: user.id }, boss.accessToken)).node.orders.totalCount).toBe(3);
    const stranger = await member(server);
    const refused = await server.graphql(USER_ORDERS, { id: user.id }, stranger.accessToken);
    expect(refused.data.node.orders).toBeNull();
    expect(refused.errors?.[0]?.message).toBe('Forbidden resource');
  });

  it('the client writes in the conversation; another user can neither read nor write; notes and lostReason stay hidden', async () => {
    const client = await member(server, 'Carla Client');
    const order = await placeOrder(server, { token: client.accessToken });
    const sent = ok(await server.graphql(SEND_MESSAGE, { id: order.id, body: '  When can we talk?\nTuesday works.  ' }, client.accessToken)).sendOrderMessage
      .order;
    expect(sent.messages).toMatchObject([{ body: 'When can we talk?\nTuesday works.', fromStudio: false, authorName: 'Carla Client' }]);
    expect(sent.version).toBe(2);
    const sales = await mails.only(server.config.mail.salesEmail, new RegExp(`New client message on ${order.reference}`));
    expect(sales.text).toContain('When can we talk?');

    const stranger = await member(server);
    expect(ok(await server.graphql(ORDER, { reference: order.reference }, stranger.accessToken)).order).toBeNull();
    expect(ok(await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: order.id }, stranger.accessToken)).node).toBeNull();
    const intrusion = await server.graphql(SEND_MESSAGE, { id: order.id, body: 'Hello' }, stranger.accessToken);
    expect(codeOf(intrusion)).toBe('FORBIDDEN');
    for (const body of ['', '   ', 'x'.repeat(5001)])
      expect(codeOf(await server.graphql(SEND_MESSAGE, { id: order.id, body }, client.accessToken))).toBe('BAD_USER_INPUT');
    expect(await db().selectFrom('orderMessages').select('body').where('orderId', '=', order.localId).execute()).toHaveLength(1);

    ok(await server.graphql(ADD_NOTE, { id: order.id, body: 'Budget seems tight' }, boss.accessToken));
    ok(await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'LOST', version: 3, lostReason: 'No budget' } }, boss.accessToken));
    const seen = await server.graphql(
      'query ($r: String!) { order(reference: $r) { reference status lostReason notes { body } messages { body } } }',
      { r: order.reference },
      client.accessToken,
    );
    expect(seen.data.order).toEqual({
      reference: order.reference,
      status: 'LOST',
      lostReason: null,
      notes: null,
      messages: [{ body: 'When can we talk?\nTuesday works.' }],
    });
    expect(seen.errors?.map((e: any) => [e.path.join('.'), e.message]).sort()).toEqual([
      ['order.lostReason', 'Forbidden resource'],
      ['order.notes', 'Forbidden resource'],
    ]);
    const adminView = ok(
      await server.graphql(
        'query ($r: String!) { order(reference: $r) { lostReason notes { body author { id } } client { id } } }',
        { r: order.reference },
        boss.accessToken,
      ),
    );
    expect(adminView.order).toEqual({ lostReason: 'No budget', notes: [{ body: 'Budget seems tight', author: { id: boss.id } }], client: { id: client.id } });
  });

  it("mails: one per status change in the client's language with the link, one per answer without its text, none twice", async () => {
    const client = await member(server);
    await db().updateTable('users').set({ locale: 'ru' }).where('id', '=', client.localId).execute();
    const order = await placeOrder(server, { token: client.accessToken, locale: 'EN' });
    ok(await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'IN_REVIEW', version: 1 } }, boss.accessToken));
    ok(await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'PROPOSAL_SENT', version: 2 } }, boss.accessToken));
    ok(await server.graphql(SEND_MESSAGE, { id: order.id, body: 'Our proposal: secret price 12345' }, boss.accessToken));
    const status = await mails.arrived(client.email, new RegExp(`Ваша заявка ${order.reference}`));
    expect(status.map((m) => m.subject).sort()).toEqual([
      `Ваша заявка ${order.reference}: На рассмотрении`,
      `Ваша заявка ${order.reference}: Предложение отправлено`,
    ]);
    const link = `${SITE}/ru/profile/requests/${order.reference}`;
    for (const mail of status) expect(mail.text).toContain(link);
    const answer = await mails.only(client.email, /Новое сообщение по вашей заявке/);
    expect(answer.text).toContain(link);
    expect(answer.text).not.toContain('secret price');
    expect(answer.html).not.toContain('secret price');
    await server.app.mail.drain();
    // The two status mails and the answer; besides them only the registration's verification code.
    expect(mails.mailsTo(client.email).filter((m) => m.subject?.includes(order.reference))).toHaveLength(3);

    // A request without an account: its address and language from the form.
    const anonymous = await placeOrder(server, { locale: 'ES' });
    ok(await server.graphql(CHANGE_STATUS, { input: { id: anonymous.id, status: 'IN_REVIEW', version: 1 } }, boss.accessToken));
    const spanish = await mails.only(anonymous.email, /Tu solicitud/);
    expect(spanish.subject).toBe(`Tu solicitud ${anonymous.reference}: En revisión`);
    expect(spanish.text).toContain(`${SITE}/es/profile/requests/${anonymous.reference}`);
  });
});

describeEachDb('claims at social sign-in on %s', (kind) => {
  const rig = useSecurityRig(kind, REQUESTS_ENV);
  const social = socialBrowser(() => rig.server);
  const ownerOf = async (localId: string) =>
    (await rig.server.app.database.db.selectFrom('orders').select('userId').where('id', '=', localId).executeTakeFirstOrThrow()).userId;

  it('a social sign-up with an address the provider verified claims its orders; an unverified one does not', async () => {
    const login = uniqueDevice('claimer').toLowerCase();
    const order = await placeOrder(rig.server, { email: `${login}@example.test` });
    const unverified = await placeOrder(rig.server, { email: `${login}.unverified@example.test` });
    const signedIn = await social.signIn(login);
    expect('accessToken' in signedIn, JSON.stringify(signedIn)).toBe(true);
    const userId = (await rig.server.app.database.db.selectFrom('users').select('id').where('email', '=', `${login}@example.test`).executeTakeFirstOrThrow())
      .id;
    expect(await ownerOf(order.localId)).toBe(userId);
    expect('accessToken' in (await social.signIn(`${login}.unverified`))).toBe(true);
    expect(await ownerOf(unverified.localId)).toBeNull();
  });
});
