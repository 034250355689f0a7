import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 47, point 13: the client form's labels were written in capitals ("CONTACT PERSON"), so
// a screen reader shouted or spelled them. They are words in the text and capitals on screen,
// drawn by CSS, as the SPEC shows them.

test('the client form names its fields in words and shows them in capitals', async ({ page }) => {
  await signIn(page);
  await page.goto('/clients/new');
  const form = page.getByRole('form', { name: 'New client' });
  await expect(form).toBeVisible();
  // Peppol shows the fields of an e-invoice address too.
  await form.getByLabel('E-invoice profile', { exact: true }).selectOption('peppol');
  const names = [
    'Name',
    'Contact person',
    'Email',
    'Phone',
    'Address',
    'Post code',
    'City',
    'Country',
    'Tax name',
    'Tax percentage',
    'VAT number',
    'Tax number',
    'E-invoice profile',
    'Electronic address',
    'Address scheme',
    'Buyer reference',
  ];
  for (const name of names) await expect(form.getByLabel(name, { exact: true })).toBeVisible();
  const labels = form.locator('label');
  await expect(labels).toHaveText(names);
  // On screen they read as the SPEC draws them: CONTACT PERSON.
  for (const label of await labels.all())
    await expect(label).toHaveCSS('text-transform', 'uppercase');
  await expect(form.getByText('CONTACT PERSON', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
