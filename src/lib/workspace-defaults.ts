import { countriesByCurrency } from './country-currencies';
import { currentZoneName } from './time-zones';
import { zonesByCountry } from './zone-countries';

// Defaults that come from the workspace (issue 47): until an Admin chooses them under Account
// setting → Invoices, a workspace's country is the one its time zone is in (a workspace set up
// in Berlin is in Germany) and its currency is that country's (euros). A zone in no country
// (UTC) keeps the defaults every workspace had before: India and rupees.

/** The country and currency of a workspace whose time zone says nothing of where it is. */
export const FALLBACK_DEFAULTS = { country: 'IN', currency: 'INR' } as const;

// Both tables inverted, once: the same for every caller.
const countryByZone = new Map(
  Object.entries(zonesByCountry).flatMap(([country, zones]) => zones.map((z) => [z, country])),
);
const currencyByCountry = new Map(
  Object.entries(countriesByCurrency).flatMap(([currency, countries]) =>
    countries.split(' ').map((c) => [c, currency]),
  ),
);

/** The ISO 3166-1 country `zone` is in, e.g. 'Europe/Berlin' → 'DE'; null for UTC and the like. */
export function countryOfZone(zone: string): string | null {
  return countryByZone.get(currentZoneName(zone)) ?? null;
}

/** The ISO 4217 currency `country` pays in, e.g. 'DE' → 'EUR'; null when it has none. */
export function currencyOfCountry(country: string): string | null {
  return currencyByCountry.get(country) ?? null;
}

/** The country and currency a workspace in `timeZone` starts with. */
export function workspaceDefaults(timeZone: string): { country: string; currency: string } {
  const country = countryOfZone(timeZone);
  const currency = country ? currencyOfCountry(country) : null;
  return country && currency ? { country, currency } : { ...FALLBACK_DEFAULTS };
}

/**
 * The currency a workspace bills in: the one chosen under Invoices, else its country's (the
 * chosen country's, else its time zone's).
 */
export function workspaceCurrency(
  stored: { currency?: unknown; country?: unknown },
  timeZone: string,
): string {
  if (typeof stored.currency === 'string' && stored.currency) return stored.currency;
  const chosen = typeof stored.country === 'string' ? currencyOfCountry(stored.country) : null;
  return chosen ?? workspaceDefaults(timeZone).currency;
}
