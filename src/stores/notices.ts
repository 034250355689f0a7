import { atom } from 'nanostores';
import { noticesResponse, type NoticesState } from '../lib/contracts/notices';
import { callApi, type ApiResult } from './api';

// The bell (issue 31): the person's notices, their unread count and their settings, as
// /user/notices answers them. Fetched when the shell opens, every minute while it is open, and
// after each change the person makes.

/** What the bell and the notice settings show. */
export type { NoticesState };

export const $notices = atom<NoticesState | null>(null);

/** Why the last change was not saved, shown beside the settings ('' when it was). */
export const $noticesProblem = atom('');

/** Keeps what /user/notices answered, or why it did not (./notice-actions.ts answers too). */
export function takeNotices(result: ApiResult<NoticesState>): boolean {
  if (result.ok) {
    $notices.set(result.data);
    $noticesProblem.set('');
  } else $noticesProblem.set(result.message);
  return result.ok;
}

let reading: Promise<boolean> | null = null;

/**
 * Reads the person's notices now. Calls made while a read is on its way share it: the bell and
 * Account setting's notice settings both read on opening, and one answer serves both.
 */
export function loadNotices(): Promise<boolean> {
  reading ??= callApi('/user/notices', noticesResponse)
    .then(takeNotices)
    .finally(() => {
      reading = null;
    });
  return reading;
}
