import { z } from 'zod';
import { NOTICE_CHANNELS, NOTICE_EVENTS } from '../notices';

// The bell (notice-handlers.ts): /user/notices and what each change to them answers.

const event = z.enum(NOTICE_EVENTS);
export const notice = z.object({
  id: z.string(),
  event,
  title: z.string(),
  body: z.string(),
  path: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const noticePreference = z.object({
  event,
  channel: z.enum(NOTICE_CHANNELS),
  hour: z.number().int().nullable(),
});
/** GET /user/notices, POST /user/notices/read and /user/notices/preferences. */
export const noticesResponse = z.object({
  notices: z.array(notice),
  unread: z.number().int(),
  preferences: z.array(noticePreference),
  /** Whether this server sends mail (SMTP_URL): without it every notice is in the app only. */
  mail: z.boolean(),
});
export type NoticesState = z.infer<typeof noticesResponse>;
/** POST /user/unsubscribe: the event now only in the app. */
export const unsubscribedResponse = z.object({ event, channel: z.literal('app') });
