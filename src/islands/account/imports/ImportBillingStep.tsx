import { formatDuration } from '../../../lib/duration';
import { formatMoney } from '../../../lib/money';
import { editableNumber, readLocaleNumber, withDecimalSign } from '../../../lib/locale-number';
import type { ImportPreview } from '../../../stores/imports';

// Issue 47: what the import does with the file's money and approval, before anything is written.
// Each project it creates bills at the rate the file's amounts imply (changeable here), a file in
// another currency than the workspace's is said, and history on projects that ask for approval
// comes in approved unless the person unticks it.

/** The rate typed for a new project, as text, by the project's place in the preview's list. */
export type RateTexts = Record<number, string>;

/** Why a typed rate cannot be used, or '' (a number of 0 or more, in the person's locale). */
export function rateProblem(text: string): string {
  const value = readLocaleNumber(text);
  return value === null || value < 0 ? 'Enter a rate of 0 or more' : '';
}

/** The rates to send: each new project's typed rate (already checked), named as the file has it. */
export function chosenRates(preview: ImportPreview, texts: RateTexts) {
  return preview.newProjectRates.map((p, index) => ({
    client: p.client,
    project: p.project,
    rate: readLocaleNumber(texts[index] ?? editableNumber(p.rate)) ?? p.rate,
  }));
}

export function ImportBillingStep({
  preview,
  rates,
  onRate,
  approveHistory,
  onApproveHistory,
}: {
  preview: ImportPreview;
  rates: RateTexts;
  onRate: (index: number, text: string) => void;
  approveHistory: boolean;
  onApproveHistory: (on: boolean) => void;
}) {
  const currency = preview.amounts.workspaceCurrency;
  const needApproval = preview.history.needApproval;
  if (preview.newProjectRates.length === 0 && needApproval === 0 && !preview.currencyNotice)
    return null;
  return (
    <section aria-labelledby="import-billing-heading" className="mt-4">
      <h3 id="import-billing-heading" className="text-lg font-semibold">
        Billing and approval
      </h3>
      {preview.currencyNotice ? (
        <p role="note" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3">
          {preview.currencyNotice}
        </p>
      ) : null}
      {preview.newProjectRates.length > 0 ? (
        <>
          <p className="mt-2">
            New projects bill at the rate the file&apos;s amounts imply (amount ÷ billable hours),
            so the history keeps its money. Change a rate before importing if it should differ.
          </p>
          <ul className="mt-2 space-y-3">
            {preview.newProjectRates.map((p, index) => {
              const id = `import-rate-${index}`;
              const text = rates[index] ?? editableNumber(p.rate);
              const problem = rateProblem(text);
              const name = p.client ? `${p.project} (${p.client})` : p.project;
              return (
                <li key={`${p.client}\u0000${p.project}`}>
                  <label htmlFor={id} className="block font-medium">
                    Rate per hour for {name}, in {currency}
                  </label>
                  <input
                    id={id}
                    inputMode="decimal"
                    className="input mt-1 w-40"
                    value={text}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={`${id}-from${problem ? ` ${id}-error` : ''}`}
                    onChange={(event) => onRate(index, event.target.value)}
                  />
                  <p id={`${id}-from`} className="text-sm text-slate-700">
                    From the file: {formatMoney(p.fileMinor, currency)} over{' '}
                    {formatDuration(p.seconds, 'short')}
                    {p.people.length > 0
                      ? `; people were billed at different rates: ${p.people
                          .map(
                            (person) =>
                              `${person.person} ${withDecimalSign(person.rate.toFixed(2))}`,
                          )
                          .join(', ')}. Hourmark keeps one rate per project.`
                      : '.'}
                  </p>
                  {problem ? (
                    <p id={`${id}-error`} className="field-error">
                      {problem}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {needApproval > 0 ? (
        <div className="mt-3">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={approveHistory}
              onChange={(event) => onApproveHistory(event.target.checked)}
            />
            <span>
              Import as approved: {needApproval === 1 ? '1 row goes' : `${needApproval} rows go`} to
              projects that need approval. History from another tool was agreed there already;
              untick to leave these rows waiting for approval (Uninvoiced leaves them out until
              then). The audit log records the choice for each log.
            </span>
          </label>
        </div>
      ) : null}
    </section>
  );
}
