import { formatDay } from '../../lib/day';
import { formatMoney } from '../../lib/money';
import { quantityText, roundingNote } from '../../lib/invoice-lines';
import { taxTreatmentText } from '../../lib/invoice-tax';
import type { Invoice } from '../../stores/invoices';
import { placeLine, referencesLine } from '../../lib/invoice-document';

/** An invoice's parties, lines, taxes and totals, as on paper. */
export function InvoiceDocumentView({ invoice }: { invoice: Invoice }) {
  const doc = invoice.document;
  const money = (minor: number) => formatMoney(minor, doc.currency || 'INR');
  return (
    <article aria-label="Invoice" className="rounded-lg border border-slate-200 bg-white p-4">
      {doc.seller || doc.buyer ? (
        <div className="mb-4 grid gap-4 sm:grid-cols-2">
          {doc.seller ? (
            <div>
              <p className="text-sm text-slate-700">From</p>
              <p className="font-semibold">{doc.seller.name}</p>
              <p className="whitespace-pre-line">{doc.seller.address}</p>
              {placeLine(doc.seller) ? <p>{placeLine(doc.seller)}</p> : null}
              {doc.seller.vatNumber ? <p>VAT number: {doc.seller.vatNumber}</p> : null}
              {doc.seller.taxNumber ? <p>Tax number: {doc.seller.taxNumber}</p> : null}
            </div>
          ) : null}
          {doc.buyer ? (
            <div>
              <p className="text-sm text-slate-700">Bill to</p>
              <p className="font-semibold">{doc.buyer.name}</p>
              <p className="whitespace-pre-line">{doc.buyer.address}</p>
              {placeLine(doc.buyer) ? <p>{placeLine(doc.buyer)}</p> : null}
              {doc.buyer.vatNumber ? <p>VAT number: {doc.buyer.vatNumber}</p> : null}
              {doc.buyer.taxNumber ? <p>Tax number: {doc.buyer.taxNumber}</p> : null}
            </div>
          ) : null}
        </div>
      ) : null}
      <p className="mb-2">
        Work from {formatDay(doc.period.start)} to {formatDay(doc.period.end)}
      </p>
      {referencesLine(doc.layout) ? <p className="mb-2">{referencesLine(doc.layout)}</p> : null}
      {/* On a 375 px phone the four columns fit in the smaller type; longer amounts scroll in
          this box, never the page sideways (issue 47). */}
      <div
        className="overflow-x-auto"
        role="region"
        aria-label="Invoice lines"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
        tabIndex={0}
      >
        <table className="w-full text-left text-sm xs:text-base">
          <caption className="sr-only">Lines of the invoice</caption>
          <thead className="text-sm">
            <tr>
              <th scope="col" className="py-1">
                Description
              </th>
              <th scope="col" className="py-1 text-right">
                Quantity
              </th>
              <th scope="col" className="py-1 text-right">
                Rate
              </th>
              <th scope="col" className="py-1 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((line, i) => (
              <tr key={`${line.description}-${i}`} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {line.description}
                </th>
                <td className="py-1 text-right tabular-nums">{quantityText(line)}</td>
                <td className="py-1 text-right tabular-nums">{money(line.unitMinor)}</td>
                <td className="py-1 text-right tabular-nums">{money(line.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300">
              <th scope="row" className="py-1">
                Subtotal
              </th>
              <td colSpan={2} />
              <td className="py-1 text-right tabular-nums">{money(doc.subtotalMinor)}</td>
            </tr>
            {doc.discountMinor > 0 ? (
              <tr>
                <th scope="row" className="py-1 font-normal">
                  Discount {doc.discountPercent} %
                </th>
                <td colSpan={2} />
                <td className="py-1 text-right tabular-nums">−{money(doc.discountMinor)}</td>
              </tr>
            ) : null}
            {doc.taxes.map((tax, i) => (
              <tr key={i}>
                <th scope="row" className="py-1 font-normal">
                  {tax.name} {tax.percent} %
                </th>
                <td colSpan={2} />
                <td className="py-1 text-right tabular-nums">{money(tax.amountMinor)}</td>
              </tr>
            ))}
            <tr className="font-bold">
              <th scope="row" className="py-1">
                Total
              </th>
              <td colSpan={2} />
              <td className="py-1 text-right tabular-nums">{money(doc.totalMinor)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {roundingNote(doc, doc.layout.hoursRounding) ? (
        <p className="mt-3">{roundingNote(doc, doc.layout.hoursRounding)}</p>
      ) : null}
      {taxTreatmentText(doc) ? <p className="mt-3">{taxTreatmentText(doc)}</p> : null}
      {doc.note ? <p className="mt-3 whitespace-pre-line">{doc.note}</p> : null}
    </article>
  );
}
