import { describe, expect, it } from 'vitest';
import {
  countryOfZone,
  currencyOfCountry,
  workspaceCurrency,
  workspaceDefaults,
} from '../../../src/lib/workspace-defaults';

// Issue 47, point 7: defaults come from the workspace, its time zone saying where it is.
describe('a workspace’s defaults', () => {
  it('reads the country from the time zone, old names too', () => {
    expect(countryOfZone('Europe/Berlin')).toBe('DE');
    expect(countryOfZone('Asia/Calcutta')).toBe('IN');
    expect(countryOfZone('Europe/Kiev')).toBe('UA');
    expect(countryOfZone('America/Argentina/Buenos_Aires')).toBe('AR');
    expect(countryOfZone('UTC')).toBeNull();
  });

  it('reads the currency the country pays in today', () => {
    expect(['DE', 'IN', 'JP', 'CH', 'GB', 'BG', 'HR', 'US'].map(currencyOfCountry)).toEqual([
      'EUR',
      'INR',
      'JPY',
      'CHF',
      'GBP',
      'EUR',
      'EUR',
      'USD',
    ]);
    expect(currencyOfCountry('AQ')).toBeNull();
  });

  it('starts a zone in no country at India and rupees, as every workspace did', () => {
    expect(workspaceDefaults('Europe/Berlin')).toEqual({ country: 'DE', currency: 'EUR' });
    expect(workspaceDefaults('UTC')).toEqual({ country: 'IN', currency: 'INR' });
    expect(workspaceDefaults('Antarctica/Troll')).toEqual({ country: 'IN', currency: 'INR' });
  });

  it('bills in the chosen currency, else the chosen country’s, else the zone’s', () => {
    expect(workspaceCurrency({ currency: 'USD', country: 'DE' }, 'Europe/Berlin')).toBe('USD');
    expect(workspaceCurrency({ country: 'CH' }, 'Europe/Berlin')).toBe('CHF');
    expect(workspaceCurrency({}, 'Europe/Berlin')).toBe('EUR');
    expect(workspaceCurrency({ currency: '' }, 'UTC')).toBe('INR');
  });
});
