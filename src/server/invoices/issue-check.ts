import type { InvoiceDocument } from '../../lib/invoice-document';
import { combinedPercent } from '../../lib/invoice-tax';
import { issueRefusalOf, type IssueRefusal } from '../../lib/issue-refusal';
import type { Runner } from '../sync/records';
import { clientOf } from './document';
import { invoiceSettingsOf } from './settings';

/**
 * What would stop a draft from being issued now, by the check Issue makes (issue 47): the client's
 * profile and details and the workspace's invoice settings as they are now, the draft's references
 * and taxes as saved. Null when nothing would (or the client is gone, which Issue says itself).
 */
export async function draftIssueRefusal(
  runner: Runner,
  workspaceId: string,
  clientId: string,
  document: InvoiceDocument,
): Promise<IssueRefusal | null> {
  const client = await clientOf(runner, workspaceId, clientId);
  if (!client || client.eInvoiceProfile === 'en16931') return null;
  const { settings } = await invoiceSettingsOf(runner, workspaceId);
  return issueRefusalOf(
    client.eInvoiceProfile,
    settings,
    client,
    {
      buyerReference: document.layout.buyerReference ?? '',
      orderReference: document.layout.orderReference ?? '',
    },
    combinedPercent(document),
  );
}
