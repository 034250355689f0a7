// Countries as ISO 3166-1 alpha-2 codes, which an EN 16931 e-invoice needs for seller and buyer.
// The codes are listed here (249 of them); their names come from the browser's or Node's Intl.

const codes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI ' +
  'BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
  'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
  'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const countryCodes: readonly string[] = codes;

const known = new Set(codes);

/** True for an officially assigned ISO 3166-1 alpha-2 code, e.g. 'IN'. */
export const isCountryCode = (code: string) => known.has(code);

// An Intl cache, built on first use and the same for every caller: not state (eslint.config.js).
// eslint-disable-next-line no-restricted-syntax
let names: Intl.DisplayNames | null = null;

/** The English name of a country code, e.g. 'IN' → 'India'; the code itself if unknown. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return (isCountryCode(code) && names.of(code)) || code;
}

/** Codes with names, sorted by name, for a select. */
export function countryOptions(): { code: string; name: string }[] {
  return codes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
