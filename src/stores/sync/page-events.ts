import type { LocalEvent } from '../local-changes';
import type { DeviceCache, PageHooks } from './deps';
import type { Session } from './session';
import { handOffPrefix } from './hand-off-key';
import { syncStateKey } from './state';

/**
 * What the engine hears from the page around it: changes a person makes, another tab's write of
 * the outbox or of its hand-off (./hand-off.ts; the leader takes and pushes it), the network going and coming back, and another tab opening
 * another of this person's workspaces (this tab follows). Returns what stops listening.
 */
export function listenToPage(deps: {
  page: PageHooks;
  cache: DeviceCache;
  session: () => Session | null;
  enqueue: (event: LocalEvent) => void;
  refresh: () => void;
  /** Another tab wrote the outbox (the leader took or pushed something). */
  outboxWritten: (s: Session) => void;
  /** A following tab handed over changes: the leader takes them. */
  handedOver: (s: Session) => void;
  /** Another tab opened another workspace of this person's: start again on it. */
  follow: () => void;
}): () => void {
  const { page, session, refresh } = deps;
  const onStorage = (event: Event) => {
    const s = session();
    const key = (event as StorageEvent).key;
    if (!s || key === null) return;
    if (key === syncStateKey(s.owner)) {
      deps.outboxWritten(s);
      if (s.leader) void s.pushNow();
    } else if (s.leader && key.startsWith(handOffPrefix(s.owner))) {
      deps.handedOver(s);
      void s.pushNow();
    }
  };
  const onOnline = () => {
    const s = session();
    if (!s) return;
    s.online();
    refresh();
    if (s.leader) void s.pushNow().then(() => s.pullNow());
  };
  const onOffline = () => refresh();
  page.events.addEventListener('storage', onStorage);
  page.events.addEventListener('online', onOnline);
  page.events.addEventListener('offline', onOffline);
  const stops = [
    deps.cache.onChange(deps.enqueue),
    deps.cache.owner.listen((next) => {
      const s = session();
      if (s && next?.userId === s.owner.userId && next.workspaceId !== s.owner.workspaceId)
        deps.follow();
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    page.events.removeEventListener('storage', onStorage);
    page.events.removeEventListener('online', onOnline);
    page.events.removeEventListener('offline', onOffline);
  };
}
