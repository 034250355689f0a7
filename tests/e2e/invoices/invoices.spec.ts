import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addDays, formatDay } from '../../../src/lib/day';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// Today's log, so "this month" always holds it: 1.5 h on Website (Acme) at ₹1,000/h = ₹1,500.00,
// and ₹100.00 of expenses. Subtotal ₹1,600.00; Acme's GST 18 % = ₹288.00; total ₹1,888.00.

test('an Admin bills uninvoiced time: a draft, issued with a number, listed as outstanding, then voided', async ({
  page,
}) => {
  // The whole life of an invoice in one journey: about 15 s alone, over 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page);
  const today = new Date().toISOString().slice(0, 10);
  // Issued today with 8 days to pay, so never overdue while the test runs.
  const due = addDays(today, 8);
  const number = `${today.slice(0, 4)}-0001`;
  await seedStorage(page, {
    clients: [
      {
        id: 'c1',
        name: 'Acme',
        contactPerson: '',
        email: 'ap@acme.test',
        phone: '',
        address: '1 Mill Road, Pune',
        taxName: 'GST',
        taxPercentage: 18,
        taxNumber: '27AAAAA0000A1Z5',
        status: 'Active',
      },
    ],
    project: [
      {
        id: 'p1',
        projectName: 'Website',
        client: 'Acme',
        clientId: 'c1',
        hours: 0,
        billamount: 1000,
        task: [],
        description: '',
        billable: 'project',
        rounding: 'false',
        timeInterval: 15,
        approval: false,
        status: 'Active',
      },
    ],
    taskData: [
      {
        id: 'l1',
        date: today,
        client: 'Acme / Website',
        projectId: 'p1',
        task: '',
        taskId: null,
        tags: '',
        desc: '<p>Design</p>',
        dur: 5400,
        st: '',
        end: '',
        exp: 100,
        memberId: null,
        status: 'approved',
      },
    ],
  });
  await page.goto('/uninvoiced?range=this-month');
  const acme = page.getByRole('region', { name: 'Acme' });
  await expect(acme.getByRole('row', { name: /Website/ })).toContainText('₹1,500.00');
  await expect(acme.getByRole('row', { name: /Website/ })).toContainText('₹100.00');
  await expectNoAxeViolations(page);
  // A custom range starts from the days shown; one that runs backwards is explained, not asked.
  await page.getByLabel('Dates').selectOption({ label: 'Custom' });
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByLabel('From', { exact: true }).fill(addDays(today, 1));
  await expect(page.getByText('The first day is after the last')).toBeVisible();
  await expect(acme).toBeHidden();
  await page.getByLabel('From', { exact: true }).fill(today);
  await expect(acme.getByRole('checkbox', { name: 'Bill Website' })).toBeChecked();
  await expectNoAxeViolations(page);

  await acme.getByRole('button', { name: 'Create invoice for Acme' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Draft invoice for Acme' }),
  ).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines of the invoice' });
  await expect(lines.getByRole('row', { name: /^Website/ })).toContainText('1.50 h');
  await expect(lines.getByRole('row', { name: /^Subtotal/ })).toContainText('₹1,600.00');
  await expect(lines.getByRole('row', { name: /^GST 18 %/ })).toContainText('₹288.00');
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('₹1,888.00');
  await expectNoAxeViolations(page);

  // The draft is laid out by hand: one line for all time, a fixed fee, a discount before tax.
  // 1.5 h ₹1,500.00 + expenses ₹100.00 + fee ₹500.00 = ₹2,100.00; less 10 % (₹210.00) =
  // ₹1,890.00; GST 18 % = ₹340.20; total ₹2,230.20.
  const draft = page.getByRole('form', { name: 'Draft invoice' });
  await draft.getByLabel('Lines').selectOption({ label: 'One line for all time' });
  await expect(lines.getByRole('row', { name: /^Work from/ })).toContainText('1.50 h');
  await draft.getByRole('button', { name: 'Add a line' }).click();
  await draft.getByLabel('Description of line 1 by hand').fill('Fixed fee');
  await draft.getByLabel('Rate of line 1 by hand').fill('500');
  await draft.getByLabel('Discount (%)').fill('10');
  await draft.getByLabel('Quantity of line 1 by hand').fill('-1');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft.getByText('Enter a quantity above zero')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue invoice' })).toBeDisabled();
  await draft.getByLabel('Quantity of line 1 by hand').fill('1');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft.getByText('Draft saved.')).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Fixed fee/ })).toContainText('₹500.00');
  await expect(lines.getByRole('row', { name: /^Discount 10 %/ })).toContainText('₹210.00');
  await expect(lines.getByRole('row', { name: /^GST 18 %/ })).toContainText('₹340.20');
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('₹2,230.20');
  await expectNoAxeViolations(page);
  // Back to the logs as they are, by project, for the rest of this test.
  await draft.getByRole('button', { name: 'Remove line 1 by hand' }).click();
  await draft.getByLabel('Discount (%)').fill('0');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await draft.getByLabel('Lines').selectOption({ label: 'One line per project' });
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('₹1,888.00');

  await page.getByLabel('Issue date').fill(today);
  // Issuing asks first: it numbers the invoice for good.
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const issuing = page.getByRole('alertdialog', { name: 'Issue this invoice to Acme?' });
  await expect(issuing).toContainText('It gets the next invoice number');
  await issuing.getByRole('button', { name: 'Cancel' }).click();
  await expect(issuing).toBeHidden();
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await issuing.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Invoice ${number}`, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(`Issued ${formatDay(today)}, due ${formatDay(due)}.`)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText('27AAAAA0000A1Z5');
  // ₹1,000.00 received: partly paid, ₹888.00 left.
  const payment = page.getByRole('form', { name: 'Record a payment' });
  await payment.getByLabel('Amount').fill('2000');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment.getByText('At most ₹1,888.00 is left to pay')).toBeVisible();
  await payment.getByLabel('Amount').fill('1000');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Paid ₹1,000.00 of ₹1,888.00; ₹888.00 left to pay.')).toBeVisible();
  // The form offers the rest next.
  await expect(payment.getByLabel('Amount')).toHaveValue('888.00');
  // A payment entered wrongly is corrected, with a reason for the audit log.
  await page
    .getByRole('button', { name: `Correct payment of ${formatDay(today)}: ₹1,000.00` })
    .click();
  const correction = page.getByRole('form', {
    name: `Correct payment of ${formatDay(today)}: ₹1,000.00`,
  });
  await correction.getByLabel('Amount').fill('900');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction.getByText('Say why, for the audit log')).toBeVisible();
  await correction.getByLabel('Reason').fill('Bank fee deducted');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText('Paid ₹900.00 of ₹1,888.00; ₹988.00 left to pay.')).toBeVisible();
  // Printed, the invoice is all there is: no sidebar, buttons or forms.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'App' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Void invoice' })).toBeHidden();
  await expect(payment).toBeHidden();
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText('₹1,888.00');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByText('Partly paid', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'PDF (A4)' }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${number}.pdf`);

  // The e-invoice needs the client's country; once chosen, it downloads as UBL.
  await page.getByRole('button', { name: 'E-invoice (UBL)' }).click();
  await expect(
    page.getByText('E-invoices need the client’s country: choose it for Acme in Clients.'),
  ).toBeVisible();
  const invoiceUrl = page.url();
  await page.goto('/clients/c1');
  await page.getByLabel('Country').selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients\/?$/);
  await page.goto(invoiceUrl);
  // An invoice that charges tax names the seller's tax number (EN 16931, issue 27).
  await page.getByRole('button', { name: 'E-invoice (UBL)' }).click();
  await expect(
    page.getByText(
      'E-invoices that charge tax need your company’s VAT or tax number: add it in Account setting → Invoices.',
    ),
  ).toBeVisible();
  await page.goto('/accountSetting');
  const sellerForm = page.getByRole('form', { name: 'Invoice settings' });
  await sellerForm.getByLabel('Tax number').fill('27BBBBB1111B1Z5');
  await sellerForm.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(sellerForm.getByText('Invoice settings saved.')).toBeVisible();
  await page.goto(invoiceUrl);
  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'E-invoice (UBL)' }).click();
  const ubl = await xmlDownload;
  expect(ubl.suggestedFilename()).toBe(`invoice-${number}.xml`);
  const xml = await readFile((await ubl.path()) ?? '', 'utf8');
  expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
  expect(xml).toContain('<cbc:PayableAmount currencyID="INR">1888.00</cbc:PayableAmount>');
  const facturXDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF with e-invoice (Factur-X)' }).click();
  const facturX = await facturXDownload;
  expect(facturX.suggestedFilename()).toBe(`invoice-${number}-factur-x.pdf`);
  // The embedded XML is stored compressed; its name is not.
  expect((await readFile((await facturX.path()) ?? '')).toString('latin1')).toContain(
    'factur-x.xml',
  );

  // Track shows the log locked, with why, instead of Edit and Remove.
  await page.goto(`/login/?day=${today}`);
  await expect(
    page.getByText(
      `This log is on invoice ${number}: it cannot be changed or removed unless the invoice is voided.`,
    ),
  ).toBeVisible();
  // Nor can its project or client be deleted while the invoice stands (src/lib/policy).
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Actions for Website' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(
    page.getByText(
      `This project has time on invoice ${number}: void the invoice before deleting the project, or archive the project instead.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Actions for Acme' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(
    page.getByText(
      `This client has invoice ${number}: void the invoice before deleting the client, or archive the client instead.`,
    ),
  ).toBeVisible();
  await page.goto('/invoices');
  const list = page.getByRole('table', { name: 'Invoices' });
  // Issued last month: none; this month: this one (issued today).
  await page.getByLabel('Issued', { exact: true }).selectOption({ label: 'Last month' });
  await expect(page.getByText('No invoices here.')).toBeVisible();
  await page.getByLabel('Issued', { exact: true }).selectOption({ label: 'This month' });
  await expect(list.getByRole('row', { name: new RegExp(`^${number}`) })).toContainText(
    '₹1,888.00',
  );
  await expect(list.getByRole('row', { name: new RegExp(`^${number}`) })).toContainText(
    'Partly paid',
  );
  await expect(page.getByRole('definition').first()).toHaveText('₹988.00');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await csvDownload).path()) ?? '', 'utf8');
  expect(csv).toContain(`${number},Acme,partly paid,${today},${due},INR,1888.00,900.00,988.00`);
  await expectNoAxeViolations(page);
  // Nothing is left to bill.
  await page.goto('/uninvoiced?range=this-month');
  await expect(page.getByText('Everything approved in these days is on an invoice.')).toBeVisible();

  await page.goto('/invoices');
  await list.getByRole('link', { name: number }).click();
  // Voiding asks first; Cancel leaves the invoice issued.
  await page.getByRole('button', { name: 'Void invoice' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Void invoice ${number}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: `Invoice ${number}`, exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Void invoice' }).click();
  // ₹900.00 was paid: the dialog asks what becomes of it before anything is voided.
  await expect(confirm).toContainText('₹900.00 has been paid on it');
  await confirm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(confirm.getByText('Choose what happens to the money paid.')).toBeVisible();
  await confirm.getByLabel('Kept as a credit for Acme’s next invoice').check();
  await confirm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Invoice ${number} (void)` }),
  ).toBeVisible();
  await expect(
    page.getByText(`Cancelled in full by credit note CN-${number}, issued ${formatDay(today)}.`),
  ).toBeVisible();
  await expect(
    page.getByText(
      `₹900.00 paid on invoice ${number} is kept as a credit for Acme, offered as a payment on its next invoice.`,
    ),
  ).toBeVisible();
  // Both documents stay on offer: the credit note's PDF and the void invoice's own.
  await expect(page.getByRole('link', { name: 'Credit note PDF (A4)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invoice PDF (A4)' })).toBeVisible();
  // Its payment stays listed beside what became of it.
  await expect(page.getByRole('heading', { name: 'Paid before it was voided' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '₹900.00' })).toHaveText(
    `${formatDay(today)}: ₹900.00`,
  );
  await expectNoAxeViolations(page);
  // Acme's own page shows its credit and where it came from.
  await page.goto('/clients/c1');
  const credit = page.getByRole('region', { name: 'Credit' });
  await expect(credit).toContainText(
    '₹900.00 of credit left, offered as a payment on this client’s next invoice.',
  );
  await expect(credit).toContainText(
    `₹900.00 paid on invoice ${number}, kept when it was voided by credit note CN-${number} on ${formatDay(today)}; ₹900.00 left.`,
  );
  await expectNoAxeViolations(page);
});

test('an Admin sets how invoices are numbered and what they say, on Account setting', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/accountSetting');
  const form = page.getByRole('form', { name: 'Invoice settings' });
  await form.getByLabel('Company name').fill('Ada Studio');
  await form.getByLabel('Number pattern').fill('INV-{SEQ:3}');
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(
    form.getByText(
      'A counter that starts again each year needs the year in the pattern: {YYYY} or {YY}',
    ),
  ).toBeVisible();
  await form.getByLabel('Number pattern').fill('INV-{YYYY}/{SEQ:3}');
  await expect(
    form.getByText(`First number: INV-${new Date().toISOString().slice(0, 4)}/001`),
  ).toBeVisible();
  await form.getByLabel('Payment terms (days)').fill('30');
  await form.getByLabel('Country').selectOption({ label: 'India' });
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(form.getByText('Invoice settings saved.')).toBeVisible();
  // The logo: a text file is refused beside the field; a PNG is shown and kept.
  await form.getByLabel('Logo').setInputFiles({
    name: 'logo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(form.getByText('The logo must be a PNG or JPEG image.')).toBeVisible();
  await form.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(form.getByRole('img', { name: 'The logo on invoices' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  const again = page.getByRole('form', { name: 'Invoice settings' });
  await expect(again.getByLabel('Payment terms (days)')).toHaveValue('30');
  await expect(again.getByRole('img', { name: 'The logo on invoices' })).toBeVisible();
  await again.getByRole('button', { name: 'Remove logo' }).click();
  await expect(again.getByText('Logo removed.')).toBeVisible();
});
