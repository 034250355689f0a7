// Where a change to a stored record came from, for a clash to say so (issue 29): every tab
// announces the records its people change on a BroadcastChannel of this browser, and each tab
// remembers what it heard. A stored value that matches what another tab announced came from that
// tab; anything else reached this browser through sync, from another device (the sync engine
// writes what it pulls without announcing it).

const CHANNEL = 'hourmark-record-changes';

interface Announcement {
  key: string;
  id: string;
  /** The record as that tab wrote it; null when it removed it. */
  record: Record<string, unknown> | null;
}

const heard = new Map<string, Announcement['record']>();
const slot = (key: string, id: string) => `${key}\n${id}`;
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  if (channel)
    channel.onmessage = (event: MessageEvent<Announcement[]>) => {
      if (!Array.isArray(event.data)) return;
      for (const { key, id, record } of event.data) heard.set(slot(key, id), record);
    };
  return channel;
}

/** Starts hearing other tabs' changes (the stores call it as they load). */
export function hearOtherTabs(): void {
  open();
}

type WithId = { id: string };

/** Tells the other tabs which records of `key` this tab changed or removed (before → after). */
export function announceChanges(
  key: string,
  before: readonly unknown[],
  after: readonly unknown[],
) {
  const to = open();
  if (!to || before === after) return;
  const previous = new Map((before as WithId[]).map((record) => [record.id, record]));
  const announced: Announcement[] = [];
  for (const record of after as WithId[]) {
    if (previous.get(record.id) !== record) announced.push({ key, id: record.id, record: record });
    previous.delete(record.id);
  }
  for (const id of previous.keys()) announced.push({ key, id, record: null });
  if (announced.length > 0) to.postMessage(announced);
}

/**
 * What another tab last announced for record `id` of `key`: the record, null when it removed it,
 * undefined when none did (./tab-change-origin.ts reads it when a clash is found).
 */
export function announcedByTab(key: string, id: string): Announcement['record'] | undefined {
  const slotKey = slot(key, id);
  return heard.has(slotKey) ? heard.get(slotKey) : undefined;
}
