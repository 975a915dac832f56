/**
 * The order form on /order (ORDER-FIELDS, ORDER-MAIL) as a visitor uses it, around the page's
 * catalogue query: the browser's checks (every field's message from the catalogue, the first
 * invalid field focused, nothing sent; a field in error re-checked as it changes), `createOrder`'s
 * refusals (BAD_USER_INPUT at the field it names, TOO_MANY_REQUESTS with the minutes to wait, an
 * unreachable server) shown with the typed values kept, the confirmation after a sent order, and
 * the form in Spanish (SITE-LOCALES); `?ref=` pre-fills the referral code and the server's
 * referral refusals (LEDGER-ATTRIBUTION) show at that field in the visitor's language.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { catalogueResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { OrderPage } from './OrderPage';

/** The order page with the catalogue answered, in `locale`; answers its controls and a submit (each found once: role queries are slow in jsdom). */
async function renderOrder(locale: 'en' | 'ru' | 'es' = 'en', route?: string) {
  const environment = createTestEnvironment();
  queueResolvers(environment, catalogueResolvers());
  const rendered = renderWithRelay(<OrderPage />, { environment, page: 'order', locale, ...(route ? { route } : {}) });
  const button = await screen.findByRole('button', { name: rendered.intl.formatMessage({ id: 'order.submit' }) });
  return { ...rendered, form: controls(rendered.intl), button, submit: () => rendered.user.click(button) };
}

/** The form's controls by their visible labels (a required field's label ends with an asterisk). */
function controls(intl: IntlShape) {
  const control = (id: string) => labelled(intl.formatMessage({ id }));
  return {
    name: control('order.name.label'),
    email: control('order.email.label'),
    company: control('order.company.label'),
    interest: control('order.interest.label'),
    budget: control('order.budget.label'),
    message: control('order.message.label'),
    referralCode: control('order.referralCode.label'),
    consent: screen.getByRole('checkbox'),
  };
}

/** Fills every field with a valid order. */
async function fillValidOrder(user: UserEvent, form: ReturnType<typeof controls>) {
  await fill(user, form.name, 'Anna Petrova');
  await fill(user, form.email, 'anna@example.com');
  await fill(user, form.company, 'Petrova Design');
  await user.selectOptions(form.interest, 'voice-match');
  await user.selectOptions(form.budget, 'FROM_25K_TO_50K');
  await fill(user, form.message, 'We need a voice search for our audiobook archive by spring.');
  await user.click(form.consent);
  return form;
}

describe('OrderPage form', () => {
  it('shows every problem in the browser, focuses the first invalid field and sends nothing', async () => {
    const { environment, user, intl, form, submit } = await renderOrder();
    await fill(user, form.name, 'Anna Petrova');
    await fill(user, form.email, 'anna@example');
    await fill(user, form.message, 'Too short');
    await fill(user, form.referralCode, 'friend code!');

    await submit();

    await waitFor(() => expect(document.activeElement).toBe(form.email));
    expect(fieldMessage(form.name)).toBeNull();
    expect(fieldMessage(form.email)).toContain(intl.formatMessage({ id: 'order.email.error.invalid' }));
    expect(fieldMessage(form.company)).toBeNull();
    expect(fieldMessage(form.interest)).toContain(intl.formatMessage({ id: 'order.interest.error.required' }));
    expect(fieldMessage(form.budget)).toContain(intl.formatMessage({ id: 'order.budget.error.required' }));
    expect(fieldMessage(form.message)).toContain(intl.formatMessage({ id: 'order.message.error.tooShort' }, { min: 10 }));
    expect(fieldMessage(form.referralCode)).toContain(intl.formatMessage({ id: 'order.referralCode.error.invalid' }));
    expect(fieldMessage(form.consent)).toContain(intl.formatMessage({ id: 'order.consent.error.required' }));
    expect(mutationsSent(environment)).toEqual([]);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    // A field in error is checked again as it changes: its message goes once it is right.
    await user.type(form.email, '.com');
    expect(fieldMessage(form.email)).toBeNull();
    expect(fieldMessage(form.budget)).not.toBeNull();
  });

  it('sends the order once and shows its reference, with the focus on the thank-you heading', async () => {
    const { environment, user, intl, form, button, submit } = await renderOrder();
    await fillValidOrder(user, form);

    await submit();
    expect(button.textContent).toBe(intl.formatMessage({ id: 'order.sending' }));
    expect(mutationsSent(environment)).toEqual([
      {
        name: 'OrderPageCreateOrderMutation',
        variables: {
          input: {
            name: 'Anna Petrova',
            email: 'anna@example.com',
            company: 'Petrova Design',
            interest: 'voice-match',
            budget: 'FROM_25K_TO_50K',
            message: 'We need a voice search for our audiobook archive by spring.',
            consent: true,
            referralCode: null,
            locale: 'EN',
            website: '',
          },
        },
      },
    ]);

    await resolveOperation(environment, { CreateOrderPayload: () => ({ reference: 'ORD-7Q2K-9M' }) });
    const heading = await screen.findByRole('heading', { level: 2, name: intl.formatMessage({ id: 'order.success.title' }) });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('ORD-7Q2K-9M')).toBeTruthy();
    expect(screen.getByText('anna@example.com')).toBeTruthy();
  });

  it('shows a value the server refused (BAD_USER_INPUT with its field) at that field, focused, and keeps the typed values', async () => {
    const { environment, user, intl, form, submit } = await renderOrder();
    await fillValidOrder(user, form);
    await submit();

    await answerError(environment, 'BAD_USER_INPUT', 'interest: Choose one of the services or products in the list.', { field: 'interest' });

    await waitFor(() => expect(document.activeElement).toBe(form.interest));
    expect(fieldMessage(form.interest)).toContain(intl.formatMessage({ id: 'order.interest.error.invalid' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((form.name as HTMLInputElement).value).toBe('Anna Petrova');
    expect((form.email as HTMLInputElement).value).toBe('anna@example.com');
    expect((form.message as HTMLTextAreaElement).value).toBe('We need a voice search for our audiobook archive by spring.');
    expect(form.consent.getAttribute('aria-checked')).toBe('true');
    expect(mutationsSent(environment)).toHaveLength(1);
  });

  it('says how many minutes to wait after too many orders (TOO_MANY_REQUESTS), in a focused alert, and keeps the typed values', async () => {
    const { environment, user, intl, form, button, submit } = await renderOrder();
    await fillValidOrder(user, form);
    await submit();

    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many orders from this address; try again in 30 minutes.', { retryAfterSeconds: 1790 });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'order.error.tooManyRequestsMinutes' }, { minutes: 30 }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((form.name as HTMLInputElement).value).toBe('Anna Petrova');
    expect((form.budget as HTMLSelectElement).value).toBe('FROM_25K_TO_50K');
    expect(button.textContent).toBe(intl.formatMessage({ id: 'order.submit' }));
  });

  it('after CHALLENGE_REQUIRED shows the challenge step and says so, keeping the typed values (SEC-CHALLENGE)', async () => {
    const { environment, user, intl, form, button, submit } = await renderOrder();
    await fillValidOrder(user, form);
    await submit();

    await answerError(environment, 'CHALLENGE_REQUIRED', 'Many requests came from this address.', { challengeUrl: '/api/challenge' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'challenge.required' }));
    const step = screen.getByRole('group', { name: intl.formatMessage({ id: 'challenge.title' }) });
    expect(step.textContent).toContain(intl.formatMessage({ id: 'challenge.explanation' }));
    expect((form.message as HTMLTextAreaElement).value).toBe('We need a voice search for our audiobook archive by spring.');
    expect(button.textContent).toBe(intl.formatMessage({ id: 'order.submit' }));
    expect(mutationsSent(environment)).toHaveLength(1); // sent again only with a solved challenge
  });

  it('says the request could not be sent when the server cannot be reached, and sends it again on the next submit', async () => {
    const { environment, user, intl, form, submit } = await renderOrder();
    await fillValidOrder(user, form);
    await submit();

    await failNetwork(environment);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'order.error.send' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((form.message as HTMLTextAreaElement).value).toBe('We need a voice search for our audiobook archive by spring.');

    await submit();
    expect(mutationsSent(environment)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Spanish under /es: the browser’s messages and the locale sent with the order', async () => {
    const { environment, user, intl, form, button, submit } = await renderOrder('es');

    expect(button.textContent).toBe('Enviar solicitud');
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(form.name));
    expect(fieldMessage(form.name)).toContain(intl.formatMessage({ id: 'order.name.error.required' }));
    expect(fieldMessage(form.consent)).toContain(intl.formatMessage({ id: 'order.consent.error.required' }));
    expect(mutationsSent(environment)).toEqual([]);

    await fillValidOrder(user, form);
    await submit();
    expect(mutationsSent(environment)[0]?.variables).toMatchObject({ input: { locale: 'ES' } });
    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many orders from this address; try again in 1 minutes.', { retryAfterSeconds: 45 });
    expect(within(await screen.findByRole('alert')).getByText(intl.formatMessage({ id: 'order.error.tooManyRequestsMinutes' }, { minutes: 1 }))).toBeTruthy();
  });

  it('pre-fills the referral code from ?ref= (trimmed, upper-cased) under any locale and sends it', async () => {
    const { environment, user, form, submit } = await renderOrder('ru', '/order?ref=%20partner-7_x%20');
    expect((form.referralCode as HTMLInputElement).value).toBe('PARTNER-7_X');
    await fillValidOrder(user, form);
    await submit();
    expect(mutationsSent(environment)[0]?.variables).toMatchObject({ input: { referralCode: 'PARTNER-7_X', locale: 'RU' } });
  });

  it('ignores a ?ref= value that breaks the field’s rule', async () => {
    const { form } = await renderOrder('en', `/order?ref=${encodeURIComponent('bad code!')}`);
    expect((form.referralCode as HTMLInputElement).value).toBe('');
    expect(fieldMessage(form.referralCode)).toBeNull();
    cleanup();
    const long = await renderOrder('es', `/order?ref=${'r'.repeat(41)}`);
    expect((long.form.referralCode as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['en', 'REFERRAL_CODE_UNKNOWN', 'order.referralCode.error.unknown'],
    ['ru', 'REFERRAL_CODE_UNKNOWN', 'order.referralCode.error.unknown'],
    ['es', 'REFERRAL_CODE_OWN', 'order.referralCode.error.own'],
  ] as const)('under /%s shows %s at the referral field, focused, keeping the typed code', async (locale, code, id) => {
    const { environment, user, intl, form, submit } = await renderOrder(locale);
    await fillValidOrder(user, form);
    await fill(user, form.referralCode, 'FRIEND-2026');
    await submit();

    await answerError(environment, code, 'referralCode: refused', { field: 'referralCode' });

    await waitFor(() => expect(document.activeElement).toBe(form.referralCode));
    expect(fieldMessage(form.referralCode)).toContain(intl.formatMessage({ id }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((form.referralCode as HTMLInputElement).value).toBe('FRIEND-2026');
    expect((form.message as HTMLTextAreaElement).value).toBe('We need a voice search for our audiobook archive by spring.');
  });
});
