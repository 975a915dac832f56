/**
 * The payout errors in words (PAYOUT-REQUEST, PAYOUT-COOLDOWN, PAYOUT-QUEUE): every code of the
 * API's payout contract becomes a sentence of the catalogue in the page's language, with the date
 * of a pause, the minimum as money and the bank field of a refused account.
 */
import { describe, expect, it } from 'vitest';
import { intlFor } from '../test/renderWithRelay';
import { payoutProblem } from './payoutErrors';

const error = (code: string, extensions: Record<string, unknown> = {}) => [{ message: 'English', extensions: { code, ...extensions } }];

describe('payoutProblem', () => {
  const en = intlFor('en');

  it.each([
    ['NO_WITHDRAWAL_METHOD', 'Choose how you are paid first.'],
    ['ONBOARDING_INCOMPLETE', 'Finish setting up payouts with Stripe first.'],
    ['NOTHING_TO_PAY_OUT', 'Nothing is available to pay out.'],
    ['STRIPE_UNAVAILABLE', 'Payouts through Stripe are not offered at the moment. Choose a bank transfer.'],
    ['PROVIDER_UNAVAILABLE', 'Stripe could not be reached. Please try again later.'],
    ['INVALID_PAYOUT_STATE', 'This payout has already moved on. Reload to see where it is now.'],
    ['VERSION_CONFLICT', 'This was changed since you opened it. Reload to see the changes.'],
    ['NETWORK', en.formatMessage({ id: 'error.NETWORK' })],
    ['SOMETHING_NEW', 'Something went wrong. Please try again.'],
  ])('%s', (code, message) => {
    expect(payoutProblem(en, error(code)).message).toBe(message);
  });

  it('marks only VERSION_CONFLICT as a conflict to reload', () => {
    expect(payoutProblem(en, error('VERSION_CONFLICT')).conflict).toBe(true);
    expect(payoutProblem(en, error('INVALID_PAYOUT_STATE')).conflict).toBe(false);
  });

  it('says the date of a pause in the page’s language', () => {
    expect(payoutProblem(en, error('PAYOUTS_PAUSED', { until: '2026-11-27T09:00:00.000Z' })).message).toBe(
      'Payouts are paused until Nov 27, 2026, 9:00 AM after a security change.',
    );
    expect(payoutProblem(intlFor('ru'), error('PAYOUTS_PAUSED', { until: '2026-11-27T09:00:00.000Z' })).message).toBe(
      'Выплаты приостановлены до 27 нояб. 2026 г., 09:00 после изменения настроек безопасности.',
    );
    expect(payoutProblem(en, error('PAYOUTS_PAUSED')).message).toBe('Payouts are paused for a while after a security change.');
  });

  it('says the minimum as money, in minor units of the balance or as Money', () => {
    expect(payoutProblem(en, error('BELOW_MINIMUM', { minimum: 2000 }), 'USD').message).toBe('The smallest payout is $20.00.');
    expect(payoutProblem(intlFor('es'), error('BELOW_MINIMUM', { minimum: { amount: 2000, currency: 'EUR' } })).message.replace(/\s/g, ' ')).toBe(
      'El pago mínimo es de 20,00 €.',
    );
    expect(payoutProblem(en, error('BELOW_MINIMUM')).message).toBe('The balance is below the smallest payout.');
  });

  it('puts a refused bank field at the field', () => {
    expect(payoutProblem(en, error('BAD_USER_INPUT', { field: 'bankAccount.bankCode' }))).toEqual({
      message: "Enter the bank's code.",
      field: 'bankAccount.bankCode',
      conflict: false,
    });
    expect(payoutProblem(en, error('BAD_USER_INPUT', { field: 'currency' })).field).toBeNull();
  });
});
