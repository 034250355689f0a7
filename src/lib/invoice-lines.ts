// How a draft invoice turns its logs' sums into lines, a discount, taxes and totals (issue 14).
// Pure, so the server (which decides) and tests share one piece of arithmetic; every amount is in
// integer minor units, rounded half up once where a product or a percentage is taken.

/** What a draft's lines are one per. */
export const lineGroupings = ['project', 'task', 'member', 'day', 'single'] as const;
export type LineGrouping = (typeof lineGroupings)[number];

export const lineGroupingLabels: Record<LineGrouping, string> = {
  project: 'One line per project',
  task: 'One line per task',
  member: 'One line per member',
  day: 'One line per day',
  single: 'One line for all time',
};

/** The sums of one group of reserved logs, as the server reads them. */
export interface GroupSum {
  key: string;
  label: string;
  billableSeconds: number;
  billableMinor: number;
  expenseMinor: number;
  projectId: string | null;
  /** The hourly rate in minor units that billed every log of the group; 0 when unknown. */
  rateMinor?: number;
}

/**
 * How a draft's time lines state their hours (issue 47): to a step of an hour, or as logged (as
 * many decimals as it takes for hours × rate to be the logs' amount, issue 27). Either way a
 * line's amount and the totals are the logs' own money, to the cent.
 */
export const hoursRoundings = ['0.01', '0.1', '0.25', 'exact'] as const;
export type HoursRounding = (typeof hoursRoundings)[number];

/** What a draft states when it was saved without a choice (every draft before issue 47). */
export const DEFAULT_HOURS_ROUNDING: HoursRounding = '0.01';

export const hoursRoundingLabels: Record<HoursRounding, string> = {
  '0.01': '0.01 h',
  '0.1': '0.1 h (6 minutes)',
  '0.25': '0.25 h (15 minutes)',
  exact: 'Do not round (hours × rate is each amount)',
};

/** A person's change to a line made from logs: any of its words, quantity or rate. */
export interface LineEdit {
  description?: string | undefined;
  quantity?: number | undefined;
  unitMinor?: number | undefined;
}

/** A line typed in by hand, such as a fixed fee. */
export interface ManualLine {
  id: string;
  description: string;
  quantity: number;
  unitMinor: number;
}

export interface TaxRate {
  name: string;
  percent: number;
}

/** Everything a person chose on a draft; stored with it and applied again to fresh sums. */
export interface DraftLayout {
  grouping: LineGrouping;
  /** By line key (`time:…`, `expenses:…`); a key the grouping no longer makes is ignored. */
  edits: Record<string, LineEdit>;
  manual: ManualLine[];
  /** Taken off the subtotal before tax. */
  discountPercent: number;
  /** The client's tax first; a second (such as SGST beside CGST) when needed. */
  taxes: TaxRate[];
  paymentTermsDays: number;
  note: string;
  /** The buyer's reference (BT-10), such as a German public buyer's Leitweg-ID (issue 28). */
  buyerReference?: string | undefined;
  /** The buyer's purchase order number (BT-13). */
  orderReference?: string | undefined;
  /**
   * The period the person set for the invoice to state (BT-73 / BT-74), first day ≤ last day;
   * absent, it states the first and last day of its logs (issue 47).
   */
  period?: InvoicePeriod | undefined;
  /** How its time lines state their hours; absent, DEFAULT_HOURS_ROUNDING (issue 47). */
  hoursRounding?: HoursRounding | undefined;
}

/** The first and last day (YYYY-MM-DD) an invoice says its work was done in. */
export interface InvoicePeriod {
  start: string;
  end: string;
}

export interface ComposedLine {
  key: string;
  kind: 'time' | 'expenses' | 'manual';
  description: string;
  /**
   * Hours for time, else units. Time is rounded as the draft's `hoursRounding` says (4:15:08 to
   * 0.01 h: 4.25, issue 47); as logged, it has as many decimals (2 to 9) as it takes for
   * quantity × rate to make its logs' amount to the paisa (3 h 50 min at ₹1,200/h: 3.83333 h).
   */
  quantity: number;
  /** Price of one unit: for time, the hourly rate that billed its logs. */
  unitMinor: number;
  amountMinor: number;
  projectId: string | null;
  /** True once a person changed its quantity or rate: its amount is quantity × rate. */
  edited: boolean;
}

export interface ComposedTax extends TaxRate {
  amountMinor: number;
}

export interface ComposedTotals {
  lines: ComposedLine[];
  subtotalMinor: number;
  discountPercent: number;
  discountMinor: number;
  /** Subtotal less discount: what the taxes are taken of. */
  taxableMinor: number;
  taxes: ComposedTax[];
  taxMinor: number;
  totalMinor: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
const toDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * The hours to print for `amountMinor` billed at `rate` for `seconds`: the billed time with the
 * fewest decimals (2 to 6) that multiplies out to the amount, else the amount over the rate with
 * the fewest that do (the logs' amounts were each rounded to the paisa, so their sum can be a
 * paisa or two from the whole time's). Null when no quantity up to 9 decimals does.
 */
export function quantityFor(seconds: number, amountMinor: number, rate: number): number | null {
  if (rate <= 0 || amountMinor <= 0) return null;
  for (let d = 2; d <= 6; d += 1) {
    const q = toDecimals(seconds / 3600, d);
    if (lineAmount(q, rate) === amountMinor) return q;
  }
  for (let d = 2; d <= 9; d += 1) {
    const q = toDecimals(amountMinor / rate, d);
    if (lineAmount(q, rate) === amountMinor) return q;
  }
  return null;
}
/**
 * The hours of `seconds` to the nearest `step` (half up), e.g. 15,308 s (4:15:08) to 0.01 h is
 * 4.25 and to 0.1 h 4.3; null for 'exact', or when the step would state no time at all.
 */
export function roundedHours(seconds: number, rounding: HoursRounding): number | null {
  if (rounding === 'exact') return null;
  const step = Number(rounding);
  const steps = Math.round(Number((seconds / 3600 / step).toFixed(9)));
  return steps > 0 ? Number((steps * step).toFixed(2)) : null;
}

/** quantity × unit, half up once, e.g. 1.25 h × 80000 p = 100000 p. */
export const lineAmount = (quantity: number, unitMinor: number) =>
  Math.round(Number((quantity * unitMinor).toFixed(6)));
const percentOf = (minor: number, percent: number) =>
  Math.round(Number(((minor * percent) / 100).toFixed(6)));

/** `minor` to the nearest multiple of `step`, half up: 123450 to 123500 for whole yen. */
const toStep = (minor: number, step: number) =>
  step > 1 ? Math.round(minor / step) * step : minor;

/**
 * Lines, discount, taxes and totals of `groups` as `layout` arranges them. `step` is the smallest
 * amount of the invoice's currency in hundredths (src/lib/money-format.ts `minorStep`): 100 for
 * yen, whose invoices hold whole yen on every line and total (issue 47).
 */
export function composeInvoice(
  groups: readonly GroupSum[],
  layout: DraftLayout,
  step = 1,
): ComposedTotals {
  const lines: ComposedLine[] = [];
  const fromLogs = (
    key: string,
    kind: 'time' | 'expenses',
    description: string,
    logged: { quantity: number; unitMinor?: number },
    amountMinor: number,
    projectId: string | null,
  ) => {
    const edit = layout.edits[key] ?? {};
    const { quantity } = logged;
    const asLogged =
      logged.unitMinor ?? (quantity > 0 ? Math.round(amountMinor / quantity) : amountMinor);
    const edited = edit.quantity !== undefined || edit.unitMinor !== undefined;
    const q = edit.quantity ?? quantity;
    const unit = edit.unitMinor ?? asLogged;
    lines.push({
      key,
      kind,
      description: edit.description ?? description,
      quantity: q,
      unitMinor: unit,
      amountMinor: toStep(edited ? lineAmount(q, unit) : amountMinor, step),
      projectId,
      edited,
    });
  };
  const rounding = layout.hoursRounding ?? DEFAULT_HOURS_ROUNDING;
  for (const g of groups)
    if (g.billableMinor > 0) {
      const rate = g.rateMinor ?? 0;
      // Rounded hours keep the logs' amount: the line states its rate, and the e-invoice
      // prices it per its whole quantity where the two do not multiply out (e-invoice.ts).
      const rounded = roundedHours(g.billableSeconds, rounding);
      const exact = rounded === null ? quantityFor(g.billableSeconds, g.billableMinor, rate) : null;
      fromLogs(
        `time:${g.key}`,
        'time',
        g.label,
        rounded !== null && rate > 0
          ? { quantity: rounded, unitMinor: rate }
          : rounded !== null
            ? { quantity: rounded }
            : exact === null
              ? { quantity: hours(g.billableSeconds) }
              : { quantity: exact, unitMinor: rate },
        g.billableMinor,
        g.projectId,
      );
    }
  for (const g of groups)
    if (g.expenseMinor > 0)
      fromLogs(
        `expenses:${g.key}`,
        'expenses',
        `Expenses: ${g.label}`,
        { quantity: 1 },
        g.expenseMinor,
        g.projectId,
      );
  for (const m of layout.manual)
    lines.push({
      key: `manual:${m.id}`,
      kind: 'manual',
      description: m.description,
      quantity: m.quantity,
      unitMinor: m.unitMinor,
      amountMinor: toStep(lineAmount(m.quantity, m.unitMinor), step),
      projectId: null,
      edited: true,
    });
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const discountMinor = toStep(percentOf(subtotalMinor, layout.discountPercent), step);
  const taxableMinor = subtotalMinor - discountMinor;
  // Each tax of the discounted subtotal, rounded once (not per line).
  const taxes = layout.taxes
    .filter((t) => t.percent > 0)
    .map((t) => ({
      ...t,
      name: t.name || 'Tax',
      amountMinor: toStep(percentOf(taxableMinor, t.percent), step),
    }));
  const taxMinor = taxes.reduce((sum, t) => sum + t.amountMinor, 0);
  return {
    lines,
    subtotalMinor,
    discountPercent: layout.discountPercent,
    discountMinor,
    taxableMinor,
    taxes,
    taxMinor,
    totalMinor: taxableMinor + taxMinor,
  };
}

/** A new draft's layout: one line per project, the client's tax, the workspace's terms and note. */
export function defaultLayout(
  tax: TaxRate,
  settings: { paymentTermsDays: number; note: string },
  buyerReference = '',
): DraftLayout {
  return {
    ...(buyerReference ? { buyerReference } : {}),
    grouping: 'project',
    edits: {},
    manual: [],
    discountPercent: 0,
    taxes: tax.percent > 0 ? [tax] : [],
    paymentTermsDays: settings.paymentTermsDays,
    note: settings.note,
  };
}

/**
 * What an invoice says under its lines when a line's hours are rounded so that hours × rate is
 * not its amount (issue 47), or '' when every line multiplies out.
 */
export function roundingNote(
  doc: {
    lines: readonly Pick<
      ComposedLine,
      'kind' | 'quantity' | 'unitMinor' | 'amountMinor' | 'edited'
    >[];
  },
  rounding: HoursRounding = DEFAULT_HOURS_ROUNDING,
): string {
  const off = doc.lines.some(
    (l) => l.kind === 'time' && !l.edited && lineAmount(l.quantity, l.unitMinor) !== l.amountMinor,
  );
  if (!off || rounding === 'exact') return '';
  return `Hours are rounded to ${rounding} h; each amount is that of the time as logged.`;
}

/**
 * A line's quantity for reading, with every decimal it has (at least two for hours), so that
 * quantity × rate as printed is the amount: '2.50 h', '3.83333 h', or a plain number of units.
 */
export function quantityText(line: Pick<ComposedLine, 'kind' | 'quantity'>): string {
  if (line.kind !== 'time') return String(line.quantity);
  const text = String(line.quantity);
  const decimals = text.includes('.') ? (text.split('.')[1] ?? '').length : 0;
  return `${line.quantity.toFixed(Math.max(2, Math.min(decimals, 9)))} h`;
}
