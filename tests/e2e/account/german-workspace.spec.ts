import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newAccount, seedStorage, signIn } from '../support/session';
import { agency } from '../track/fixtures';

// Issue 47, points 6 and 7: a workspace set up in Germany (the browser in Europe/Berlin, German
// first). '110,50' as a rate was refused ('Enter an amount of 0 or more') and invoice settings
// started at India and INR. Website has 1:30 logged at its project rate, no rounding:
// | rate typed  | read as  | 1.5 h billed                      |
// | 110,50      | 110.5    | 165.75  → '165,75 €'  (German)     |
// | 1.234,56    | 1234.56  | 1851.84 → '1.851,84 €'             |
// | 1,234.56    | 1234.56  | 1851.84 → '₹1,851.84' (English, UTC) |

const today = new Date().toISOString().slice(0, 10);
const data = {
  ...agency,
  taskData: [
    {
      id: 'l1',
      date: today,
      client: 'Acme Ltd / Website',
      projectId: 'p1',
      task: 'Design',
      taskId: 't1',
      tags: '',
      desc: '<p>Landing page</p>',
      dur: 5400,
      st: '',
      end: '',
      exp: 0,
      memberId: 'm1',
      status: 'approved',
    },
  ],
};

const websiteRow = (page: Page) => page.getByRole('row', { name: /^Website/ });

/** Opens Website's Edit form, types `rate` as its hourly amount and saves. */
async function setRate(page: Page, symbol: string, rate: string) {
  await page.getByRole('button', { name: 'Actions for Website' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit Website' });
  const field = form.getByLabel(`Billable amount (${symbol} per hour)`);
  await field.fill(rate);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  return field;
}

test.describe('a German browser in Berlin', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test.beforeEach(async ({ page }) => {
    await seedStorage(page, data);
    await signIn(page, { ...newAccount(), timeZone: 'Europe/Berlin' });
  });

  test('rates are typed and shown the German way, in euros', async ({ page }) => {
    await page.goto('/projects');
    await expect(websiteRow(page)).toContainText('1.500,00 €');

    await setRate(page, '€', '110,50');
    await expect(websiteRow(page)).toContainText('165,75 €');

    // Opened again, the rate reads with a decimal comma, as it was typed.
    await page.getByRole('button', { name: 'Actions for Website' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit Website' });
    await expect(form.getByLabel('Billable amount (€ per hour)')).toHaveValue('110,5');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await setRate(page, '€', '1.234,56');
    await expect(websiteRow(page)).toContainText('1.851,84 €');

    // Something that is no amount is still said beside the field.
    await page.getByRole('button', { name: 'Actions for Website' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await form.getByLabel('Billable amount (€ per hour)').fill('1,2,3');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Enter an amount of 0 or more')).toBeVisible();
  });

  test('invoice settings start at Germany and euros, with every currency to choose', async ({
    page,
  }) => {
    await page.goto('/accountSetting');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices.getByLabel('Country')).toHaveValue('DE');
    const currency = invoices.getByLabel('Currency');
    await expect(currency).toHaveValue('EUR');
    await expect(currency.locator('option:checked')).toHaveText('Euro (EUR)');
    // Every ISO 4217 currency the browser knows, not 8.
    expect(await currency.locator('option').count()).toBeGreaterThan(150);
    await expect(invoices.getByText('Amounts are written with 2 decimals')).toBeVisible();
    await currency.selectOption({ label: 'Japanese Yen (JPY)' });
    await expect(invoices.getByText('Amounts are in whole units, with no decimals')).toBeVisible();
    await currency.selectOption({ label: 'Bahraini Dinar (BHD)' });
    await expect(invoices.getByText('Amounts are written with 3 decimals')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('reads 1,234.56 with its thousands comma, in rupees where the zone names no country', async ({
    page,
  }) => {
    await seedStorage(page, data);
    await signIn(page);
    await page.goto('/projects');
    await expect(websiteRow(page)).toContainText('₹1,500.00');
    await setRate(page, '₹', '1,234.56');
    await expect(websiteRow(page)).toContainText('₹1,851.84');
    await setRate(page, '₹', '110,50');
    await expect(websiteRow(page)).toContainText('₹165.75');
  });
});
