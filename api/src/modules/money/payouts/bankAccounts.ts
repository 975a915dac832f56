/**
 * Bank accounts of BANK_TRANSFER payouts (PAYOUT-BANK): checked, masked for display and sealed
 * (the secret box: encrypted at rest, security/secretBox.ts). An IBAN country needs an IBAN whose
 * checksum holds (`ibantools`, ISO 13616); elsewhere an account number and the bank's code: a US
 * routing number is 9 digits, other bank codes (SWIFT/BIC or national) 3–15 letters or digits.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { HttpError } from '../../../platform/http/errors.js';

/** A bank account as given (the `BankAccountInput` of the schema). */
export interface BankAccountInput {
  holderName: string;
  country: string;
  iban?: string | null;
  accountNumber?: string | null;
  bankCode?: string | null;
}

/** A checked bank account: what is sealed, and what people may see. */
export interface CheckedBankAccount {
  details: { holderName: string; country: string; iban: string | null; accountNumber: string | null; bankCode: string | null };
  masked: string;
}

const bad = (field: string, message: string) => new HttpError(400, 'BAD_USER_INPUT', `bankAccount.${field}: ${message}`, { field: `bankAccount.${field}` });

const holder = z.string().trim().min(1).max(100);

/** Whether `country` (ISO 3166-1 alpha-2) uses IBANs. */
export function usesIban(country: string): boolean {
  return Boolean(getCountrySpecifications()[country]?.chars);
}

/**
 * Checks `input` (PAYOUT-BANK).
 * @throws HttpError BAD_USER_INPUT naming `bankAccount.<field>`.
 */
export function checkBankAccount(input: BankAccountInput): CheckedBankAccount {
  const holderName = holder.safeParse(input.holderName);
  if (!holderName.success) throw bad('holderName', 'give the account holder’s name, 1–100 characters');
  const country = input.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || !getCountrySpecifications()[country]) throw bad('country', 'use a country code of two letters, e.g. DE or US');
  if (usesIban(country)) {
    const iban = electronicFormatIBAN(input.iban ?? '') ?? '';
    if (!isValidIBAN(iban) || !iban.startsWith(country)) throw bad('iban', `enter a valid IBAN of ${country} (its check digits did not match)`);
    return {
      details: { holderName: holderName.data, country, iban, accountNumber: null, bankCode: null },
      masked: `${holderName.data} · IBAN ${maskIban(iban)}`,
    };
  }
  const accountNumber = (input.accountNumber ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z0-9]{4,34}$/.test(accountNumber)) throw bad('accountNumber', 'enter the account number: 4–34 letters or digits');
  const bankCode = (input.bankCode ?? '').replace(/[\s-]/g, '').toUpperCase();
  const bankCodeOk = country === 'US' ? /^\d{9}$/.test(bankCode) : isValidBIC(bankCode) || /^[A-Z0-9]{3,15}$/.test(bankCode);
  if (!bankCodeOk) throw bad('bankCode', country === 'US' ? 'enter the 9-digit routing number' : 'enter the bank’s code (SWIFT/BIC or national code)');
  return {
    details: { holderName: holderName.data, country, iban: null, accountNumber, bankCode },
    masked: `${holderName.data} · ${country} ${bankCode} •••• ${accountNumber.slice(-4)}`,
  };
}

/** `DE89 •••• •••• •••• •••• 3000`: the country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  const friendly = friendlyFormatIBAN(iban) ?? iban;
  const groups = friendly.split(' ');
  return groups.map((group, i) => (i === 0 ? group : i === groups.length - 1 ? iban.slice(-4) : '••••')).join(' ');
}
