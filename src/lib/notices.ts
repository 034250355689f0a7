// Notices (issue 31): what each person hears about, and how. The events, how the settings name
// them, and where each goes by default; the server (src/server/notices) and the bell's settings
// read the same list.
import { z } from 'zod';

/** Everything a person can be told about. */
export const NOTICE_EVENTS = [
  'week-submitted',
  'week-reviewed',
  'invitation-accepted',
  'report-failed',
  'submit-reminder',
  'nothing-tracked',
] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** Where one event goes: in the app, in the app and by mail, or nowhere. */
export const NOTICE_CHANNELS = ['app', 'mail', 'off'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** How the settings name each event, and where it goes until the person chooses. */
export const NOTICE_EVENT_INFO: Record<NoticeEvent, { label: string; channel: NoticeChannel }> = {
  'week-submitted': { label: 'A week is submitted for my review', channel: 'mail' },
  'week-reviewed': { label: 'My week is approved or rejected', channel: 'mail' },
  'invitation-accepted': { label: 'Someone I invited joins', channel: 'mail' },
  'report-failed': { label: 'A scheduled report of mine could not be sent', channel: 'mail' },
  'submit-reminder': { label: 'Reminder to submit my week', channel: 'mail' },
  'nothing-tracked': { label: 'Reminder when I tracked nothing by a set hour', channel: 'off' },
};

/** The hour of the "tracked nothing" reminder until the person sets one. */
export const DEFAULT_NOTHING_TRACKED_HOUR = 17;

/** One event's setting. */
export interface NoticePreference {
  event: NoticeEvent;
  channel: NoticeChannel;
  /** For 'nothing-tracked': the hour (0–23, the workspace's time zone) it is sent. */
  hour: number | null;
}

/** A change to one event's setting, as the settings send it. */
export const noticePreferenceBody = z
  .object({
    event: z.enum(NOTICE_EVENTS),
    channel: z.enum(NOTICE_CHANNELS),
    hour: z.number().int().min(0).max(23).nullable().optional(),
  })
  .strict();

/** A notice as the bell lists it. */
export interface Notice {
  id: string;
  event: NoticeEvent;
  title: string;
  body: string;
  /** Where it leads in the app ('/approvals'), or ''. */
  path: string;
  createdAt: string;
  read: boolean;
}
