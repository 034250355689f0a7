// Why a project or client may not be deleted while an issued invoice stands on it: asked by the
// Clients and Projects screens and by the server's record guards. A file of its own, outside the
// policy's barrel, so Track's first visit does not download these words (issue 29's budget).

/**
 * Why a project or client may not be deleted because an issued invoice stands on it (its logs,
 * or it is made out to the client), or null when none does. Admins too: archiving is the way out.
 */
export function invoiceHoldRefusal(
  kind: 'project' | 'client',
  invoiceNumber: string | null | undefined,
): string | null {
  if (!invoiceNumber) return null;
  return kind === 'project'
    ? `This project has time on invoice ${invoiceNumber}: void the invoice before deleting the project, or archive the project instead.`
    : `This client has invoice ${invoiceNumber}: void the invoice before deleting the client, or archive the client instead.`;
}
