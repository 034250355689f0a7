// Reading a poke stream's Server-Sent Events in tests (tests/server/poke.test.ts, stream-rights.test.ts).

/**
 * Reads Server-Sent Events until `pick` answers something other than undefined for one of them
 * (undefined when none does within `ms`, or the stream ends).
 */
async function firstPicked<T>(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
  pick: (event: string | undefined, data: unknown) => T | undefined,
): Promise<T | undefined> {
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value);
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = /^event: (\w+)$/m.exec(block)?.[1];
      const picked = pick(event, JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'));
      if (picked !== undefined) return picked;
    }
  }
  return undefined;
}

/** Reads a Server-Sent Events body until an event of `name` arrives (or gives up after `ms`). */
export const nextEvent = (
  reader: ReadableStreamDefaultReader<Uint8Array>,
  name: string,
  ms = 5000,
) => firstPicked<unknown>(reader, ms, (event, data) => (event === name ? data : undefined));

/**
 * The version the next poke brings the stream to: a plain `poke`'s, or the `to` of the rows a
 * `changes` event carries (undefined when neither comes within `ms`).
 */
export const nextVersion = (reader: ReadableStreamDefaultReader<Uint8Array>, ms = 5000) =>
  firstPicked(reader, ms, (event, data) => {
    const figures = data as { version?: number; to?: number } | null;
    if (event === 'poke') return figures?.version;
    if (event === 'changes') return figures?.to;
    return undefined;
  });

/** Every event the stream sends from now on, read in the background into the returned list. */
export function collect(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const heard: { event: string; data: unknown }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value);
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = /^event: (\w+)$/m.exec(block)?.[1];
        if (event)
          heard.push({ event, data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') });
      }
    }
  })();
  return heard;
}

/** Reads a stream until it ends (or `ms` pass): whether it ended, and the versions it was poked. */
export async function untilEnd(reader: ReadableStreamDefaultReader<Uint8Array>, ms = 3000) {
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk) break;
    if (chunk.done) {
      ended = true;
      break;
    }
    text += decoder.decode(chunk.value);
  }
  const versions = [...text.matchAll(/^event: (poke|changes)\ndata: (.*)$/gm)].map((m) => {
    const data = JSON.parse(m[2] ?? '{}') as { version?: number; to?: number };
    return data.version ?? data.to;
  });
  return { ended, versions };
}
