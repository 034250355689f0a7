// Finding a source's columns in a header by name, whatever else the header holds: real exports
// add columns, reorder them and put the currency in a header (`Amount (USD)`).

/** Header cells as compared: trimmed, case and inner spacing ignored. */
export const columnKey = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

/** Where each named column is (-1 when absent), and the required ones that are missing. */
export function locateColumns<Name extends string>(
  header: readonly string[],
  names: readonly Name[],
  required: readonly Name[],
): { at: Record<Name, number>; missing: Name[] } {
  const keys = header.map(columnKey);
  const at = Object.fromEntries(
    names.map((name) => [name, keys.indexOf(columnKey(name))]),
  ) as Record<Name, number>;
  return { at, missing: required.filter((name) => at[name] === -1) };
}

/** The index and ISO currency of a column like `Amount (USD)`, or null. */
export function currencyColumn(
  header: readonly string[],
  label: string,
): { index: number; currency: string } | null {
  const pattern = new RegExp(`^${label}\\s*\\(([A-Za-z]{3})\\)$`, 'i');
  for (const [index, cell] of header.entries()) {
    const match = pattern.exec(cell.trim());
    if (match?.[1]) return { index, currency: match[1].toUpperCase() };
  }
  return null;
}
