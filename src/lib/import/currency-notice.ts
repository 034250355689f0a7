// What a person is told before importing a file whose amounts are in another currency than the
// workspace bills in (issue 47): Hourmark converts nothing, so the rates the file implies would
// bill as the same numbers in the workspace's currency.

/** The notice, or null when the file has no currency or the workspace's own. */
export function currencyNotice(fileCurrency: string | null, workspaceCurrency: string) {
  if (!fileCurrency || fileCurrency.toUpperCase() === workspaceCurrency.toUpperCase()) return null;
  return `The file's amounts are in ${fileCurrency}, and this workspace bills in ${workspaceCurrency}. Nothing is converted: the rates below would bill as the same numbers in ${workspaceCurrency}. Change them before importing if they should differ.`;
}
