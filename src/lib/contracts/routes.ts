import { z } from 'zod';
import * as apiTokens from './api-tokens';
import * as auth from './auth';
import * as imports from './imports';
import * as invoices from './invoices';
import * as notices from './notices';
import * as publicApi from './public-api';
import * as reads from './reads';
import * as reports from './reports';
import { errorBody, noBody } from './shape';
import * as sync from './sync';
import * as team from './team';
import * as workspace from './workspace';

// Every JSON endpoint's answer by method, path and status (issue 48): the server's answers are
// typed by these schemas, the browser parses with them, and the server tests check every answer
// they get against them (tests/server/contract-check.ts). The public API's OpenAPI document is
// to be written from this list (issue 50). A new endpoint must be added here, or its tests fail.

/** An answer that is not JSON (a file, a page, a stream): only its error answers are checked. */
export const notJson = Symbol('not JSON');

/** What a route answers when it succeeds, by status; errors are always `errorBody`. */
export type RouteAnswers = Record<number, z.ZodTypeAny | typeof notJson>;

/** Each route, as `METHOD /path` (`{id}` for a path part), and its answers. */
export const routes = {
  'GET /health': { 200: z.object({ status: z.literal('ready') }) },
  'POST /user/register': { 201: auth.signedInResponse, 202: auth.confirmEmailResponse },
  'POST /user/confirm-email': { 201: auth.signedInResponse },
  'POST /user/login': { 200: auth.signedInResponse },
  'POST /user/logout': { 204: noBody },
  'GET /user/me': { 200: auth.meResponse },
  'POST /user/password': { 204: noBody },
  'POST /user/logout-all': { 204: noBody },
  'POST /user/delete': { 204: noBody },
  'GET /user/delete-check': { 200: auth.deleteCheckResponse },
  'POST /user/forgot-password': { 200: auth.forgotPasswordResponse },
  'POST /user/reset-check': { 200: auth.resetCheckResponse },
  'POST /user/reset-password': { 204: noBody },
  'POST /user/invitation-check': { 200: auth.invitationCheckResponse },
  'POST /user/accept-invitation': {
    200: auth.acceptInvitationResponse,
    201: auth.acceptInvitationResponse,
  },
  'GET /user/notices': { 200: notices.noticesResponse },
  'POST /user/notices/read': { 200: notices.noticesResponse },
  'POST /user/notices/preferences': { 200: notices.noticesResponse },
  'GET /user/unsubscribe': { 200: notJson },
  'POST /user/unsubscribe': { 200: notices.unsubscribedResponse },
  'POST /support/messages': { 201: reads.supportMessageResponse },
  'GET /shared-report': { 200: reports.sharedReportResponse },

  'GET /sync/workspaces': { 200: workspace.workspacesResponse },
  'POST /sync/workspaces': { 201: workspace.createdWorkspaceResponse },
  'POST /sync/push': { 200: sync.pushResponse },
  'GET /sync/pull': { 200: sync.pullPage },
  'GET /sync/poke': { 200: notJson },

  'GET /api/activity': { 200: reads.activityResponse },
  'GET /api/audit': { 200: workspace.auditResponse },
  'GET /api/client-credits': { 200: invoices.clientCreditsResponse },
  'GET /api/export': { 200: reads.exportResponse },
  'GET /api/imports': { 200: imports.importsResponse },
  'POST /api/imports': { 202: imports.startedImportResponse },
  'GET /api/imports/{id}': { 200: imports.importResponse },
  'POST /api/imports/{id}/undo': { 200: imports.importResponse },
  'POST /api/imports/preview': { 200: imports.importPreviewResponse },
  'GET /api/invitations': { 200: team.invitationsResponse },
  'POST /api/invitations': { 201: team.invitedResponse },
  'POST /api/invitations/revoke': { 204: noBody },
  'GET /api/invoice-logo': { 200: notJson },
  'POST /api/invoice-logo': { 200: invoices.logoResponse },
  'POST /api/invoice-logo/remove': { 200: invoices.logoResponse },
  'GET /api/invoice-pdf': { 200: notJson },
  'GET /api/invoice-settings': { 200: invoices.invoiceSettingsResponse },
  'POST /api/invoice-settings': { 200: invoices.invoiceSettingsResponse },
  'GET /api/invoice-ubl': { 200: notJson },
  'GET /api/invoice': { 200: invoices.invoiceResponse },
  'GET /api/invoices': { 200: invoices.invoicesResponse },
  'POST /api/invoices': { 201: invoices.writtenInvoiceResponse },
  'POST /api/invoices/apply-credit': { 200: invoices.paidResponse, 201: invoices.paidResponse },
  'POST /api/invoices/draft': { 200: invoices.writtenInvoiceResponse },
  'POST /api/invoices/issue': { 200: invoices.writtenInvoiceResponse },
  'POST /api/invoices/payment': { 200: invoices.paidResponse, 201: invoices.paidResponse },
  'POST /api/invoices/payment/correct': { 200: invoices.paidResponse },
  'POST /api/invoices/payment/delete': { 200: invoices.paidResponse },
  'POST /api/invoices/void': { 200: invoices.voidResponse },
  'GET /api/logs': { 200: reads.logsResponse },
  'POST /api/member-reset-link': { 201: team.memberResetResponse },
  'GET /api/report-entries': { 200: reports.entryPageResponse },
  'GET /api/report-export': { 200: notJson },
  'POST /api/report-shares': { 201: reports.shareCreatedResponse },
  'POST /api/report-shares/revoke': { 204: noBody },
  'GET /api/report': { 200: reports.reportResponse },
  'GET /api/saved-reports': { 200: reports.savedReportsResponse },
  'POST /api/saved-reports': {
    200: reports.savedReportResponse,
    201: reports.savedReportResponse,
  },
  'POST /api/saved-reports/delete': { 204: noBody },
  'GET /api/tags': { 200: reads.tagsResponse },
  'GET /api/tokens': { 200: apiTokens.tokensResponse },
  'POST /api/tokens': { 201: apiTokens.createdTokenResponse },
  'DELETE /api/tokens/{id}': { 204: noBody },
  'GET /api/teams': { 200: team.teamsResponse },
  'POST /api/teams': { 200: team.teamResponse, 201: team.teamResponse },
  'POST /api/teams/delete': { 204: noBody },
  'GET /api/totals': { 200: reads.totalsResponse },
  'GET /api/uninvoiced': { 200: invoices.uninvoicedResponse },
  'GET /api/workspace-settings': { 200: workspace.workspaceSettingsResponse },
  'POST /api/workspace-settings': { 200: workspace.workspaceSettingsResponse },

  // The public API (issue 50): a personal access token, CORS for any origin without credentials.
  'GET /api/v1/me': { 200: publicApi.publicMeResponse },
  'GET /api/v1/time-entries': { 200: publicApi.timeEntriesPage },
  'POST /api/v1/time-entries': { 201: publicApi.timeEntryResponse },
  'GET /api/v1/time-entries/{id}': { 200: publicApi.timeEntryResponse },
  'PATCH /api/v1/time-entries/{id}': { 200: publicApi.timeEntryResponse },
  'DELETE /api/v1/time-entries/{id}': { 204: noBody },
  'POST /api/v1/time-entries/submit': { 200: publicApi.timeEntriesChanged },
  'POST /api/v1/time-entries/review': { 200: publicApi.timeEntriesChanged },
  'GET /api/v1/timer': { 200: publicApi.timerResponse },
  'POST /api/v1/timer/start': { 200: publicApi.timerChangeResponse },
  'POST /api/v1/timer/stop': { 200: publicApi.timerChangeResponse },
  'GET /api/v1/openapi.json': { 200: publicApi.openApiDocumentShape },
  'GET /api/v1/clients': { 200: publicApi.clientsPage },
  'GET /api/v1/clients/{id}': { 200: publicApi.clientResponse },
  'POST /api/v1/clients': { 201: publicApi.clientResponse },
  'PATCH /api/v1/clients/{id}': { 200: publicApi.clientResponse, 204: noBody },
  'GET /api/v1/projects': { 200: publicApi.projectsPage },
  'GET /api/v1/projects/{id}': { 200: publicApi.projectResponse },
  'POST /api/v1/projects': { 201: publicApi.projectResponse },
  'PATCH /api/v1/projects/{id}': { 200: publicApi.projectResponse, 204: noBody },
  'GET /api/v1/tasks': { 200: publicApi.tasksPage },
  'GET /api/v1/tasks/{id}': { 200: publicApi.taskResponse },
  'POST /api/v1/tasks': { 201: publicApi.taskResponse },
  'PATCH /api/v1/tasks/{id}': { 200: publicApi.taskResponse, 204: noBody },
  'GET /api/v1/members': { 200: publicApi.membersPage },
  'GET /api/v1/members/{id}': { 200: publicApi.memberResponse },
  'POST /api/v1/members': { 201: publicApi.memberResponse },
  'PATCH /api/v1/members/{id}': { 200: publicApi.memberResponse, 204: noBody },
  'GET /api/v1/tags': { 200: publicApi.tagsPage },
  'GET /api/v1/teams': { 200: publicApi.teamsPage },
  'GET /api/v1/teams/{id}': { 200: publicApi.teamResponse },
} satisfies Record<string, RouteAnswers>;

export type RouteKey = keyof typeof routes;

/** Routes that answer JSON or, when asked (`format=csv|xlsx|pdf`), a file. */
export const alsoFiles: ReadonlySet<RouteKey> = new Set<RouteKey>(['GET /shared-report']);

/** /sync/… addresses from before issue 26 that answer as their /api/… routes do. */
const syncAliasPrefix = '/sync/';
const syncOwn = new Set(['/sync/workspaces', '/sync/push', '/sync/pull', '/sync/poke']);

const patterns = Object.keys(routes).map((key) => {
  const [method = '', path = ''] = key.split(' ');
  const parts = path.split('/');
  return { key: key as RouteKey, method, parts };
});

/** The route a request went to, by method and path, or null when none is registered. */
export function routeOf(method: string, pathname: string): RouteKey | null {
  const path =
    pathname.startsWith(syncAliasPrefix) && !syncOwn.has(pathname)
      ? `/api/${pathname.slice(syncAliasPrefix.length)}`
      : pathname;
  const parts = path.split('/');
  const found = patterns.find(
    (p) =>
      p.method === method &&
      p.parts.length === parts.length &&
      p.parts.every((part, i) => part === parts[i] || (part === '{id}' && parts[i] !== '')),
  );
  return found?.key ?? null;
}

/** Why an answer does not keep its route's contract, or null when it does. */
export function contractBreach(route: RouteKey, status: number, body: unknown): string | null {
  const answers: RouteAnswers = routes[route];
  if (status >= 400) {
    const parsed = errorBody.safeParse(body);
    return parsed.success ? null : `${route} ${status}: ${parsed.error.message}`;
  }
  const schema = answers[status];
  if (body === undefined && alsoFiles.has(route)) return null;
  if (schema === undefined) return `${route} answered ${status}, which it does not declare`;
  if (schema === notJson) return null;
  const parsed = schema.safeParse(body);
  return parsed.success ? null : `${route} ${status}: ${parsed.error.message}`;
}
