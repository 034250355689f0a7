import type { ActivityEvent } from '../lib/activity';
import { activityResponse } from '../lib/contracts/reads';
import { callApi } from './api';

// Activity is read from the server's change history (GET /api/activity), online only.

export type ActivityResult = { ok: true; events: ActivityEvent[] } | { ok: false; message: string };

/** A page of Activity of the open workspace from `offset`, of one member if given. */
export async function loadActivity(
  workspaceId: string,
  memberId: string,
  offset: number,
): Promise<ActivityResult> {
  const q = new URLSearchParams({ workspace: workspaceId, offset: String(offset) });
  if (memberId) q.set('member', memberId);
  const result = await callApi(`/api/activity?${q.toString()}`, activityResponse);
  if (result.ok) return { ok: true, events: result.data.events };
  return {
    ok: false,
    message:
      result.status === 0
        ? 'Activity comes from the server. Connect to the internet to see it.'
        : result.message,
  };
}
