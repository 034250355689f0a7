import { isValidDay } from '../../lib/day';
import type { InvoiceDocument } from '../../lib/invoice-document';
import {
  DEFAULT_HOURS_ROUNDING,
  type DraftLayout,
  type HoursRounding,
  type LineGrouping,
} from '../../lib/invoice-lines';
import { fromMinor, toMinor } from '../../lib/money';
import { editableNumber, readLocaleNumber } from '../../lib/locale-number';

// A draft's layout as the editor holds it: numbers as typed, so a half-typed "1." is kept.

export interface DraftForm {
  grouping: LineGrouping;
  /** How time lines state their hours (issue 47). */
  hoursRounding: HoursRounding;
  edits: Record<string, { description?: string; quantity?: string; rate?: string }>;
  manual: { id: string; description: string; quantity: string; rate: string }[];
  discountPercent: string;
  taxes: { name: string; percent: string }[];
  paymentTermsDays: string;
  note: string;
  buyerReference: string;
  orderReference: string;
  /** The period set to state, as typed: both '' states the days of its logs (issue 47). */
  periodStart: string;
  periodEnd: string;
}

/** The form for a draft's saved layout. */
export function draftForm(doc: InvoiceDocument): DraftForm {
  const l = doc.layout;
  return {
    grouping: l.grouping,
    hoursRounding: l.hoursRounding ?? DEFAULT_HOURS_ROUNDING,
    edits: Object.fromEntries(
      Object.entries(l.edits).map(([key, e]) => [
        key,
        {
          ...(e.description !== undefined ? { description: e.description } : {}),
          ...(e.quantity !== undefined ? { quantity: editableNumber(e.quantity) } : {}),
          ...(e.unitMinor !== undefined ? { rate: editableNumber(fromMinor(e.unitMinor)) } : {}),
        },
      ]),
    ),
    manual: l.manual.map((m) => ({
      id: m.id,
      description: m.description,
      quantity: editableNumber(m.quantity),
      rate: editableNumber(fromMinor(m.unitMinor)),
    })),
    discountPercent: editableNumber(l.discountPercent),
    taxes: l.taxes.map((t) => ({ name: t.name, percent: editableNumber(t.percent) })),
    paymentTermsDays: String(l.paymentTermsDays),
    note: l.note,
    buyerReference: l.buyerReference ?? '',
    orderReference: l.orderReference ?? '',
    periodStart: l.period?.start ?? '',
    periodEnd: l.period?.end ?? '',
  };
}

/**
 * The layout to save, with what cannot be one named by the path the server would name it by
 * (`manual.0.quantity`); the server checks everything again.
 */
export function layoutOf(form: DraftForm): { layout: DraftLayout; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = (text: string, path: string, message: string, ok: (n: number) => boolean) => {
    // As the person writes numbers: '1,5' or '1.5' hours, '1.234,56' or '1,234.56' (issue 47).
    const value = readLocaleNumber(text);
    if (value === null || !ok(value)) errors[path] = message;
    return value ?? 0;
  };
  const quantity = (text: string, path: string) =>
    number(text, path, 'Enter a quantity above zero', (n) => n > 0);
  const rate = (text: string, path: string) =>
    toMinor(number(text, path, 'Enter a rate of zero or more', (n) => n >= 0));
  const edits: DraftLayout['edits'] = {};
  for (const [key, e] of Object.entries(form.edits))
    edits[key] = {
      ...(e.description !== undefined ? { description: e.description } : {}),
      ...(e.quantity !== undefined
        ? { quantity: quantity(e.quantity, `edits.${key}.quantity`) }
        : {}),
      ...(e.rate !== undefined ? { unitMinor: rate(e.rate, `edits.${key}.unitMinor`) } : {}),
    };
  const manual = form.manual.map((m, i) => {
    if (!m.description.trim()) errors[`manual.${i}.description`] = 'Describe the line';
    return {
      id: m.id,
      description: m.description,
      quantity: quantity(m.quantity, `manual.${i}.quantity`),
      unitMinor: rate(m.rate, `manual.${i}.unitMinor`),
    };
  });
  const percent = (text: string, path: string, what: string) =>
    number(text, path, `Enter ${what} from 0 to 100 %`, (n) => n >= 0 && n <= 100);
  const layout: DraftLayout = {
    grouping: form.grouping,
    hoursRounding: form.hoursRounding,
    edits,
    manual,
    discountPercent: percent(form.discountPercent, 'discountPercent', 'a discount'),
    taxes: form.taxes.map((t, i) => ({
      name: t.name.trim(),
      percent: percent(t.percent, `taxes.${i}.percent`, 'a tax'),
    })),
    paymentTermsDays: number(
      form.paymentTermsDays,
      'paymentTermsDays',
      'Enter 0 to 365 whole days',
      (n) => Number.isInteger(n) && n >= 0 && n <= 365,
    ),
    note: form.note,
    ...(form.buyerReference.trim() ? { buyerReference: form.buyerReference.trim() } : {}),
    ...(form.orderReference.trim() ? { orderReference: form.orderReference.trim() } : {}),
    ...periodOf(form, errors),
  };
  return { layout, errors };
}

/** The period typed on the form, if any, with what is wrong with it named in `errors`. */
function periodOf(form: DraftForm, errors: Record<string, string>): Pick<DraftLayout, 'period'> {
  const start = form.periodStart.trim();
  const end = form.periodEnd.trim();
  if (!start && !end) return {};
  if (!isValidDay(start))
    errors['period.start'] = start ? 'Enter a day' : 'Enter both days, or neither';
  if (!isValidDay(end)) errors['period.end'] = end ? 'Enter a day' : 'Enter both days, or neither';
  else if (isValidDay(start) && start > end)
    errors['period.end'] = 'The last day cannot be before the first';
  return { period: { start, end } };
}
