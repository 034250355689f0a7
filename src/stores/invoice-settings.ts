import {
  invoiceSettingsResponse,
  logoResponse,
  type InvoiceSettings,
} from '../lib/contracts/invoices';
import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

/** What invoices say about the workspace, with the uploaded logo's id ('' for none; changed only by uploadLogo and removeLogo). */
export type { InvoiceSettings };

type Result =
  | { ok: true; settings: InvoiceSettings }
  | { ok: false; message: string; fields?: Record<string, string> };

const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** The open workspace's invoice settings (Admins). */
export async function loadInvoiceSettings(): Promise<Result> {
  const result = await callApi(
    `/api/invoice-settings?workspace=${encodeURIComponent(workspaceId())}`,
    invoiceSettingsResponse,
  );
  return result.ok
    ? { ok: true, settings: result.data.settings }
    : { ok: false, message: result.message };
}

/** Saves them; a refused field comes back beside its name. */
export async function saveInvoiceSettings(settings: InvoiceSettings): Promise<Result> {
  // The logo has its own calls (uploadLogo, removeLogo); the settings leave it as it is.
  const { logoId: _logo, ...fields } = settings;
  const result = await callApi('/api/invoice-settings', invoiceSettingsResponse, {
    body: { workspaceId: workspaceId(), ...fields },
  });
  if (result.ok) return { ok: true, settings: result.data.settings };
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

type LogoResult = { ok: true; logoId: string } | { ok: false; message: string };

/** Uploads a logo for invoices; the server checks it is a PNG or JPEG of at most 512 KB. */
export async function uploadLogo(file: Blob): Promise<LogoResult> {
  const result = await callApi(
    `/api/invoice-logo?workspace=${encodeURIComponent(workspaceId())}`,
    logoResponse,
    { file },
  );
  return result.ok
    ? { ok: true, logoId: result.data.logoId }
    : { ok: false, message: result.message };
}

/** Invoices from now on carry no logo. */
export async function removeLogo(): Promise<LogoResult> {
  const result = await callApi('/api/invoice-logo/remove', logoResponse, {
    body: { workspaceId: workspaceId() },
  });
  return result.ok ? { ok: true, logoId: '' } : { ok: false, message: result.message };
}

/** Where the browser can show a logo. */
export const logoUrl = (logoId: string) =>
  `/api/invoice-logo?workspace=${encodeURIComponent(workspaceId())}&id=${logoId}`;
