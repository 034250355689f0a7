import type { SavedReportSpec, Schedule } from '../lib/saved-report';
import {
  savedReportResponse,
  savedReportsResponse,
  shareCreatedResponse,
} from '../lib/contracts/reports';
import { noBody } from '../lib/contracts/shape';
import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

// Saved reports live on the server (they are mailed and shared from there): the detailed
// report reads, saves, shares and deletes them here.

export interface ShareLink {
  id: string;
  withAmounts: boolean;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface SavedReport {
  id: string;
  name: string;
  spec: SavedReportSpec;
  schedule: Schedule | null;
  shares: ShareLink[];
}

type Failure = { ok: false; message: string; fields?: Record<string, string> };
const failure = (r: { message: string; fields?: Record<string, string> }): Failure => ({
  ok: false,
  message: r.message,
  ...(r.fields ? { fields: r.fields } : {}),
});
const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** The person's saved reports in the open workspace. */
export async function loadSavedReports(): Promise<{ ok: true; reports: SavedReport[] } | Failure> {
  const result = await callApi(
    `/api/saved-reports?workspace=${encodeURIComponent(workspaceId())}`,
    savedReportsResponse,
  );
  return result.ok ? { ok: true, reports: result.data.reports } : failure(result);
}

/** Saves a new report (no id) or changes one. */
export async function saveReport(input: {
  id?: string;
  name: string;
  spec: SavedReportSpec;
  schedule: Schedule | null;
}): Promise<{ ok: true; report: SavedReport } | Failure> {
  const result = await callApi('/api/saved-reports', savedReportResponse, {
    body: { workspaceId: workspaceId(), ...input },
  });
  return result.ok ? { ok: true, report: result.data.report } : failure(result);
}

/** Deletes a saved report and its links. */
export async function deleteSavedReport(id: string): Promise<{ ok: true } | Failure> {
  const result = await callApi('/api/saved-reports/delete', noBody, {
    body: { workspaceId: workspaceId(), id },
  });
  return result.ok ? { ok: true } : failure(result);
}

/** A new public link to a saved report, valid for `days`. */
export async function createShareLink(
  savedReportId: string,
  days: number,
  withAmounts: boolean,
): Promise<{ ok: true; link: string; expiresAt: string } | Failure> {
  const result = await callApi('/api/report-shares', shareCreatedResponse, {
    body: { workspaceId: workspaceId(), savedReportId, days, withAmounts },
  });
  return result.ok ? { ok: true, ...result.data } : failure(result);
}

/** Withdraws a link. */
export async function revokeShareLink(id: string): Promise<{ ok: true } | Failure> {
  const result = await callApi('/api/report-shares/revoke', noBody, {
    body: { workspaceId: workspaceId(), id },
  });
  return result.ok ? { ok: true } : failure(result);
}
