/**
 * Countries for the payout method (PAYOUT-BANK, PAYOUT-STRIPE): the ISO 3166-1 alpha-2 codes, their
 * names in the page's language (Intl.DisplayNames, no catalogue of our own), the countries whose
 * banks use an IBAN (there the form asks for an IBAN, elsewhere an account number and bank code),
 * and a light IBAN formatting for the field (groups of four, capitals). The server validates.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Countries whose bank accounts are identified by an IBAN (the IBAN registry). */
const IBAN_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AE AL AT AZ BA BE BG BH BI BR BY CH CR CY CZ DE DJ DK DO EE EG ES FI FK FO FR GB GE GI GL GR GT HR HU IE IL IQ IS IT ' +
    'JO KW KZ LB LC LI LT LU LV LY MC MD ME MK MN MR MT MU NI NL NO OM PK PL PS PT QA RO RS RU SA SC SD SE SI SK SM SO ST SV ' +
    'TL TN TR UA VA VG XK'
  ).split(' '),
);

/** Whether the bank form asks for an IBAN in `country` (ISO alpha-2, any case). */
export function usesIban(country: string): boolean {
  return IBAN_COUNTRIES.has(country.toUpperCase());
}

/** The name of a country in `locale` (a BCP 47 tag), or the code itself when Intl does not know it. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `codes` as `{ value, label }` options sorted by their names in `locale`. */
export function countryOptions(codes: readonly string[], locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}

/** An IBAN as typed, tidied for reading: capitals, no other characters than letters and digits, groups of four. */
export function formatIban(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/(.{4})(?=.)/g, '$1 ');
}
