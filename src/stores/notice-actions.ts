import type { NoticeChannel, NoticeEvent } from '../lib/notices';
import { noticesResponse } from '../lib/contracts/notices';
import { callApi } from './api';
import { takeNotices } from './notices';

// What a person does with their notices: marking them read (the bell's list) and choosing where
// they go (Account). Apart from ./notices.ts, whose count the bell shows on every screen, so
// Track's first visit does not download them (issue 29's budget).

/** Marks the notices `ids` read, or all of them. */
export async function markNoticesRead(ids: string[] | 'all'): Promise<boolean> {
  const body = ids === 'all' ? { all: true } : { ids };
  return takeNotices(await callApi('/user/notices/read', noticesResponse, { body }));
}

/** Chooses where one event goes (and, for the "tracked nothing" reminder, its hour). */
export async function saveNoticePreference(
  event: NoticeEvent,
  channel: NoticeChannel,
  hour?: number,
): Promise<boolean> {
  const body = { event, channel, ...(hour === undefined ? {} : { hour }) };
  return takeNotices(await callApi('/user/notices/preferences', noticesResponse, { body }));
}
