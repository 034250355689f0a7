/**
 * Why a draft cannot be issued under its client's e-invoice profile (issues 28 and 47): each
 * missing field by what it is, with a link to where it is filled in. Shown beside the Issue
 * button as soon as the draft opens; `announce` makes it an alert (after a refused try).
 */
export function MissingFields({
  id,
  heading,
  fields,
  clientId,
  announce = true,
}: {
  id?: string;
  heading: string;
  fields: Record<string, string>;
  clientId: string;
  announce?: boolean;
}) {
  const hrefOf = (field: string) =>
    field.startsWith('seller.')
      ? '/accountSetting#invoice-settings-heading'
      : field.startsWith('client.')
        ? `/clients/${encodeURIComponent(clientId)}`
        : '#buyer-reference';
  const linkText = (field: string) =>
    field.startsWith('seller.')
      ? 'Open the invoice settings'
      : field.startsWith('client.')
        ? 'Open the client'
        : 'Go to the field';
  return (
    <div
      id={id}
      role={announce ? 'alert' : 'group'}
      aria-label={announce ? undefined : heading}
      className="mb-3 rounded border border-red-200 bg-red-50 p-3 print:hidden"
    >
      <p className="mb-1 font-semibold text-red-800">{heading}</p>
      <ul className="list-disc pl-5">
        {Object.entries(fields).map(([field, message]) => (
          <li key={field}>
            {message}.{' '}
            <a className="text-brand-700 underline" href={hrefOf(field)}>
              {linkText(field)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
