import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

/** What invoices say about the workspace, and how they are numbered (issue 14). */
export interface InvoiceSettings {
  companyName: string;
  address: string;
  taxNumber: string;
  /** ISO 3166-1 alpha-2, e.g. 'IN'. */
  country: string;
  currency: string;
  numberPattern: string;
  counter: 'continuous' | 'yearly' | 'per-client';
  paymentTermsDays: number;
  note: string;
}

type Result =
  | { ok: true; settings: InvoiceSettings }
  | { ok: false; message: string; fields?: Record<string, string> };

const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** The open workspace's invoice settings (Admins). */
export async function loadInvoiceSettings(): Promise<Result> {
  const result = await callApi<{ settings: InvoiceSettings }>(
    `/sync/invoice-settings?workspace=${encodeURIComponent(workspaceId())}`,
  );
  return result.ok
    ? { ok: true, settings: result.data.settings }
    : { ok: false, message: result.message };
}

/** Saves them; a refused field comes back beside its name. */
export async function saveInvoiceSettings(settings: InvoiceSettings): Promise<Result> {
  const result = await callApi<{ settings: InvoiceSettings }>('/sync/invoice-settings', {
    body: { workspaceId: workspaceId(), ...settings },
  });
  if (result.ok) return { ok: true, settings: result.data.settings };
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}
