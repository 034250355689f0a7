import { noBody } from '../lib/contracts/shape';
import { teamResponse, teamsResponse } from '../lib/contracts/team';
import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

// Teams live on the server only (Admins manage them online, like invitations): /teams reads
// and saves them here.

export interface Team {
  id: string;
  name: string;
  memberIds: string[];
  leadIds: string[];
}

export type TeamsResult = { ok: true; teams: Team[] } | { ok: false; message: string };
export type SaveTeamResult =
  { ok: true; team: Team } | { ok: false; message: string; fields?: Record<string, string> };

const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** Every team of the open workspace. */
export async function loadTeams(): Promise<TeamsResult> {
  const result = await callApi(
    `/api/teams?workspace=${encodeURIComponent(workspaceId())}`,
    teamsResponse,
  );
  return result.ok
    ? { ok: true, teams: result.data.teams }
    : { ok: false, message: result.message };
}

/** Creates a team (no id) or saves its name, members and leads. */
export async function saveTeam(team: Omit<Team, 'id'> & { id?: string }): Promise<SaveTeamResult> {
  const result = await callApi('/api/teams', teamResponse, {
    body: { workspaceId: workspaceId(), ...team },
  });
  if (result.ok) return { ok: true, team: result.data.team };
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

/** Deletes a team; its members stay in the workspace. */
export async function deleteTeam(
  id: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await callApi('/api/teams/delete', noBody, {
    body: { workspaceId: workspaceId(), id },
  });
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
