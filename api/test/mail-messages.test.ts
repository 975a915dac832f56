/**
 * The mail catalogues (api/src/platform/mail/messages/{en,ru,es}.json, MAIL-OUTBOX) stay whole:
 * every language has exactly English's ids, each message parses with English's arguments; every id
 * the templates name exists and every message is used; every template renders in every language
 * with every variant of its parameters; and no message uses a word its language's glossary
 * (content/glossary.<locale>.md) says to avoid — the same check as the web's catalogues.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { avoidWords, avoidedWordsIn } from '@studio/site/glossary';
import { repoRoot } from '../src/platform/config.js';
import { MAIL_LOCALES, MAIL_TEMPLATES, type MailTemplate, type MailTemplateParams, renderMail } from '../src/platform/mail/index.js';
import { MAIL_MESSAGES, catalogueDrift, parseMailMessage } from '../src/platform/mail/messages.js';
import type { OrderStatusName, PayoutMethodName, SignInMethodChange } from '../src/platform/mail/templates.js';

const en = MAIL_MESSAGES.en;
const mailDir = join(repoRoot, 'api/src/platform/mail');

/** An ICU element as the parser gives it: its type, its argument's name, a select's or plural's branches, a tag's children. */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}
// @formatjs/icu-messageformat-parser's TYPE: 1 argument … 6 plural carry an argument name; 5 select, 6 plural.
const NAMED = new Set([1, 2, 3, 4, 5, 6]);
const [SELECT, PLURAL] = [5, 6];

/** The argument names of a message, with each select's keys (`full:yes|other`), sorted. */
function signature(elements: Element[]): string[] {
  const names = new Set<string>();
  const walk = (list: Element[]) => {
    for (const element of list) {
      if (NAMED.has(element.type)) names.add(String(element.value));
      if (element.type === SELECT)
        names.add(
          `${String(element.value)}:${Object.keys(element.options ?? {})
            .sort()
            .join('|')}`,
        );
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      walk(element.children ?? []);
    }
  };
  walk(elements);
  return [...names].sort();
}

/** The plural elements of a message, anywhere in it. */
function plurals(elements: Element[]): Element[] {
  return elements.flatMap((element) => [
    ...(element.type === PLURAL ? [element] : []),
    ...Object.values(element.options ?? {}).flatMap((option) => plurals(option.value)),
  ]);
}

const ast = (message: string, locale: (typeof MAIL_LOCALES)[number]) => parseMailMessage(message, locale).getAst() as unknown as Element[];

describe('mail catalogues', () => {
  it('has about a hundred English messages, each under a mail.* id', () => {
    expect(Object.keys(en).length).toBeGreaterThan(100);
    expect(Object.keys(en).filter((id) => !/^mail\.[\w.]+$/.test(id))).toEqual([]);
  });

  for (const locale of MAIL_LOCALES) {
    it(`${locale}: exactly the ids of en, each parsing with the arguments (and select keys) of en`, () => {
      expect(catalogueDrift(MAIL_MESSAGES[locale])).toEqual({ missing: [], extra: [] });
      const differ = Object.entries(en).filter(([id, message]) => {
        const theirs = MAIL_MESSAGES[locale][id];
        return theirs === undefined || signature(ast(theirs, locale)).join() !== signature(ast(message, 'en')).join();
      });
      expect(differ.map(([id]) => id)).toEqual([]);
    });
  }

  it('writes Russian plurals with one, few, many and other', () => {
    const found = Object.entries(MAIL_MESSAGES.ru).flatMap(([id, message]) => plurals(ast(message, 'ru')).map((plural) => ({ id, plural })));
    expect(found.length).toBeGreaterThan(0);
    for (const { id, plural } of found) expect(Object.keys(plural.options ?? {}), id).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
  });

  it('has every id the templates name, and no message no template names', () => {
    const code = readdirSync(mailDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(join(mailDir, name), 'utf8'))
      .join('\n');
    // Literal ids ('mail.x.y') and ids built from a parameter (`mail.x.${p.status}`) as patterns.
    const named = [...code.matchAll(/['`](mail\.[\w.]*(?:\$\{[^}]+\}[\w.]*)*)['`]/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(50);
    const patterns = named.map((id) => new RegExp(`^${id.replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '\\w+')}$`));
    expect(named.filter((id, i) => !Object.keys(en).some((key) => patterns[i]!.test(key)))).toEqual([]);
    expect(Object.keys(en).filter((key) => !patterns.some((pattern) => pattern.test(key)))).toEqual([]);
  });

  for (const locale of MAIL_LOCALES) {
    it(`${locale}: no message uses a word content/glossary.${locale}.md says to avoid`, () => {
      const avoid = avoidWords(readFileSync(join(repoRoot, 'content', `glossary.${locale}.md`), 'utf8'));
      expect(avoid.length).toBeGreaterThan(5);
      expect(avoidedWordsIn(MAIL_MESSAGES[locale], avoid)).toEqual([]);
    });
  }
});

// Every value of each parameter a template chooses its words by (a Record, so a new value fails to compile here).
const STATUSES = Object.keys({ NEW: 1, IN_REVIEW: 1, PROPOSAL_SENT: 1, WON: 1, LOST: 1 } satisfies Record<OrderStatusName, 1>) as OrderStatusName[];
const METHODS = Object.keys({ STRIPE: 1, BANK_TRANSFER: 1 } satisfies Record<PayoutMethodName, 1>) as PayoutMethodName[];
const CHANGES = Object.keys({
  TWO_FACTOR_ENABLED: 1,
  TWO_FACTOR_DISABLED: 1,
  RECOVERY_CODES_REGENERATED: 1,
  PASSKEY_ADDED: 1,
  PASSKEY_REMOVED: 1,
} satisfies Record<SignInMethodChange, 1>) as SignInMethodChange[];
const event = { at: '2026-11-24T21:05:00.000Z', device: { label: 'Chrome 131 on macOS', network: '203.0.113.x' } };
const unknown = { at: '2026-11-24T21:05:00.000Z', device: { label: null, network: null } };
const money = { amount: 2000, payoutAmount: 123450, currency: 'USD', payoutId: 'p-1', destination: 'IBAN •••• 3000' };
const both = [true, false];

/** Every template's parameters in every variant its words depend on. */
const VARIANTS: { [T in MailTemplate]: Array<MailTemplateParams[T]> } = {
  emailVerificationCode: [{ code: 'AB12CD34' }],
  emailChangeCode: [{ code: 'AB12CD34', newEmail: 'new@example.test' }],
  accountDeletionCode: [{ code: 'AB12CD34' }],
  reauthenticationCode: [{ code: 'AB12CD34' }],
  emailChangedNotice: [{ oldEmail: 'old@example.test', newEmail: 'new@example.test', ...event }],
  passwordReset: [{ token: 'token' }],
  passwordChanged: both.map((firstPassword) => ({ firstPassword, ...event })),
  passwordResetDone: [
    { removedLinks: [], ...unknown },
    { removedLinks: ['GitHub (jane)'], removedPasskeys: ['Laptop'], twoFactorRemoved: true, ...event },
  ],
  providerLinked: [null, 'jane'].map((account) => ({ provider: 'GitHub', account, ...event })),
  accountDeleted: both.map((byAdmin) => ({ byAdmin, ...event })),
  signInMethodChanged: CHANGES.flatMap((change) => [null, 'Laptop'].map((passkeyName) => ({ change, passkeyName, ...event }))),
  twoFactorRecoveryRequested: [{ dueAt: '2026-11-27T21:05:00.000Z', token: 'token', ...event }],
  twoFactorRecoveryCancelled: (['link', 'sign-in'] as const).map((by) => ({ by, ...event })),
  twoFactorRecoveryCompleted: [event],
  orderReceived: [{ reference: 'R-42' }],
  orderNotification: MAIL_LOCALES.map((customerLocale) => ({ reference: 'R-42', name: 'Jane', email: 'j@example.test', summary: 'A site', customerLocale })),
  orderStatusChanged: STATUSES.map((status) => ({ reference: 'R-42', status })),
  orderAnswered: [{ reference: 'R-42' }],
  orderClientMessage: [{ reference: 'R-42', name: 'Jane', email: 'j@example.test', body: 'Hello' }],
  payoutRequested: METHODS.map((method) => ({ ...money, method })),
  payoutPaid: METHODS.flatMap((method) => [null, 'TRX-1'].map((reference) => ({ ...money, method, reference }))),
  payoutFailed: [{ ...money, reason: 'The IBAN was closed.' }],
  payoutMethodChanged: METHODS.flatMap((method) => [null, 'IBAN •••• 3000'].map((destination) => ({ method, destination, until: event.at, ...unknown }))),
  payoutReversed: both.map((full) => ({ ...money, full })),
  adminPayoutChecking: (['checking', 'stopped'] as const).flatMap((stage) => [null, 'Jane <j@example.test>'].map((earner) => ({ ...money, earner, stage }))),
  adminPayoutReversed: both.flatMap((full) => [null, 'Jane <j@example.test>'].map((earner) => ({ ...money, earner, full }))),
};

describe('mail templates over the catalogues', () => {
  const site = { siteName: 'Acme Studio', publicUrl: 'https://studio.example' };
  for (const template of MAIL_TEMPLATES) {
    it(`${template}: every variant renders in every language, each message found`, () => {
      const variants = VARIANTS[template] as unknown[];
      expect(variants.length).toBeGreaterThan(0);
      for (const locale of MAIL_LOCALES) {
        for (const params of variants) {
          const mail = renderMail(template, locale, params as never, site);
          expect(mail.subject.length, `${template} ${locale}`).toBeGreaterThan(5);
          // A message id or an unfilled ICU argument would show as "mail.…" or "{…}".
          expect(`${mail.subject}\n${mail.text}`, `${template} ${locale}`).not.toMatch(/\bmail\.[a-zA-Z]|[{}]/);
        }
      }
    });
  }
});
