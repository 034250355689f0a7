import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPokeStream } from '../../../src/stores/sync/poke-stream';
import { FakeEventSource, manualClock } from './sync-fakes';

// The poke stream alone brings changes while it is open; refused (429, 403), the browser gives
// up on it, so the device pulls to learn why and tries the stream again every 30 s.

function stream(
  options: { EventSource?: typeof FakeEventSource | null; mayRetry?: () => boolean } = {},
) {
  const clock = manualClock();
  const pull = vi.fn();
  const poked = vi.fn();
  const patched = vi.fn();
  const noticed = vi.fn();
  const poke = createPokeStream({
    EventSource: options.EventSource === undefined ? FakeEventSource : options.EventSource,
    clock,
    url: (id) => `/sync/poke?workspace=${id}`,
    pull,
    poked,
    patched,
    noticed,
    mayRetry: options.mayRetry ?? (() => true),
  });
  return {
    clock,
    pull,
    poked,
    patched,
    noticed,
    poke,
    latest: () => FakeEventSource.opened.at(-1),
  };
}

beforeEach(() => {
  FakeEventSource.opened = [];
});

describe('poke stream', () => {
  it('pulls on ready and on every poke, and asks nothing more while open', () => {
    const { clock, pull, poke, latest } = stream();
    poke.open('w1');
    expect(latest()?.url).toBe('/sync/poke?workspace=w1');
    latest()?.accept();
    latest()?.poke();
    expect(pull).toHaveBeenCalledTimes(2);
    clock.advance(120_000);
    expect(pull).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('hands a poke’s version and a change’s rows on, and pulls on what it cannot read', () => {
    const { pull, poked, patched, poke, latest } = stream();
    poke.open('w1');
    latest()?.send('poke', { version: 7 });
    expect(poked).toHaveBeenCalledWith(7);
    const rows = { from: 7, to: 8, changes: [{ kind: 'client', id: 'c1' }] };
    latest()?.send('changes', rows);
    expect(patched).toHaveBeenCalledWith(rows);
    expect(pull).not.toHaveBeenCalled();
    latest()?.send('changes', 'not json');
    latest()?.send('changes', { from: 'x', to: 8, changes: [] });
    latest()?.send('poke', { version: 'soon' });
    expect(pull).toHaveBeenCalledTimes(3);
    expect(patched).toHaveBeenCalledTimes(1);
    expect(poked).toHaveBeenCalledTimes(1);
  });

  it('says when a notice arrived, and pulls nothing for it', () => {
    const { pull, noticed, poke, latest } = stream();
    poke.open('w1');
    latest()?.send('notice', {});
    expect(noticed).toHaveBeenCalledTimes(1);
    expect(pull).not.toHaveBeenCalled();
  });

  it('pulls when refused and reconnects every 30 s until the server takes it', () => {
    const { clock, pull, poke, latest } = stream();
    poke.open('w1');
    latest()?.refuse();
    expect(pull).toHaveBeenCalledTimes(1);
    clock.advance(29_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    clock.advance(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest()?.refuse();
    clock.advance(30_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    latest()?.accept();
    expect(pull).toHaveBeenCalledTimes(3);
    clock.advance(90_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('stops reconnecting once a problem makes it pointless', () => {
    let problem = false;
    const { clock, poke, latest } = stream({ mayRetry: () => !problem });
    poke.open('w1');
    problem = true;
    latest()?.refuse();
    clock.advance(90_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('closes the stream and its timer for good', () => {
    const { clock, pull, poke, latest } = stream();
    poke.open('w1');
    latest()?.refuse();
    poke.close();
    expect(latest()?.readyState).toBe(2);
    expect(clock.pending()).toBe(0);
    clock.advance(90_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(pull).toHaveBeenCalledTimes(1);
  });

  it('pulls every 30 s where the browser has no EventSource', () => {
    const { clock, pull, poke } = stream({ EventSource: null });
    poke.open('w1');
    expect(pull).toHaveBeenCalledTimes(1);
    clock.advance(60_000);
    expect(pull).toHaveBeenCalledTimes(3);
    poke.dispose();
    clock.advance(60_000);
    expect(pull).toHaveBeenCalledTimes(3);
  });
});
