import { randomUUID } from 'node:crypto';
import type { NoticeEvent } from '../../lib/notices';
import { enqueue } from '../jobs/queue';
import type { Runner } from '../sync/records';

// Posting a notice: any feature says what happened, inside its own transaction (a commit), and
// the job runner works out who hears of it and how (compose.ts, deliver.ts). Posting is one
// INSERT, so the commit stays short, and it happens exactly when the commit does.

/** What happened, with what the notice job needs to find who to tell. */
export type NoticeCause =
  | { event: 'week-submitted'; workspaceId: string; byUserId: string; logIds: string[] }
  | {
      event: 'week-reviewed';
      workspaceId: string;
      byUserId: string;
      logIds: string[];
      decision: 'approve' | 'reject';
      note: string;
    }
  | { event: 'invitation-accepted'; workspaceId: string; byUserId: string; invitationId: string }
  | {
      event: 'report-failed';
      workspaceId: string;
      userId: string;
      reportName: string;
      error: string;
    }
  | { event: 'submit-reminder'; workspaceId: string; userId: string; from: string; to: string }
  | { event: 'nothing-tracked'; workspaceId: string; userId: string; day: string };

/** A posted cause, as the notice job's payload: `id` makes its notices once-only. */
export type PostedCause = NoticeCause & { id: string };

export const NOTICE_JOB = 'notice';

/** Every cause names one of the events people choose channels for. */
export const eventOf = (cause: NoticeCause): NoticeEvent => cause.event;

/**
 * Posts a notice job; `onceKey` makes it once-only (a reminder per person and week), otherwise
 * each call is its own. True when this call added it.
 */
export async function postNotice(
  runner: Runner,
  cause: NoticeCause,
  options: { onceKey?: string; at?: Date } = {},
): Promise<boolean> {
  const id = options.onceKey ?? randomUUID();
  const payload: PostedCause = { ...cause, id };
  return enqueue(runner, {
    key: `${NOTICE_JOB}:${id}`,
    kind: NOTICE_JOB,
    payload,
    runAt: options.at ?? new Date(0),
  });
}
