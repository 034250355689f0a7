import type { ActivityEvent } from './activity';
import { formatDay } from './day';
import { showDuration, type DurationFormat } from './duration-format';

// How an Activity entry reads: "Ada approved Asha’s 1:15 on Support for 18 Nov 2026".

/** The logs an event touched, in words. */
function logsText(event: ActivityEvent, format: DurationFormat): string {
  const [only, ...more] = event.logs;
  if (!only) return 'a log';
  if (more.length === 0)
    return `${only.member || 'someone'}’s ${showDuration(only.seconds, format)} on ${only.project || 'no project'}${only.task ? ` · ${only.task}` : ''} for ${only.date ? formatDay(only.date) : 'an undated day'}`;
  const seconds = event.logs.reduce((sum, l) => sum + l.seconds, 0);
  return `${event.logs.length} logs (${showDuration(seconds, format)})`;
}

/** The sentence of `event`, naming who did what, durations as the workspace shows them. */
export function activitySentence(event: ActivityEvent, format: DurationFormat = 'clock'): string {
  const who = event.who || 'Someone no longer on Hourmark';
  switch (event.action) {
    case 'invoiced':
      return `${who} issued invoice ${event.invoiceNumber ?? ''}`.trim();
    case 'voided':
      return `${who} voided invoice ${event.invoiceNumber ?? ''}`.trim();
    case 'edited':
      return `${who} edited ${logsText(event, format)}${event.changed.length ? `: ${event.changed.join(', ')}` : ''}`;
    case 'rejected':
      return `${who} rejected ${logsText(event, format)}${event.note ? ` (“${event.note}”)` : ''}`;
    default:
      return `${who} ${event.action} ${logsText(event, format)}`;
  }
}
