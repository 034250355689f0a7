import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { tagsSeenBy } from '../sync/log-query';

// The public API's tags (issue 50). A tag is not a record: it is a word on time entries (their
// comma-separated `tags`), so the workspace's tags are those on the entries the person may see,
// as the app's tag filter lists them (GET /api/tags). Paged by the tag itself, in the app's
// order, so a tag that appears or goes between pages moves nothing across the cursor.

/** A tag as the API gives it. */
export interface PublicTag {
  name: string;
}

/** The app's order (localeCompare), made total by code points for names it calls equal. */
const order = (a: string, b: string): number => a.localeCompare(b) || (a < b ? -1 : a > b ? 1 : 0);

/** A page of the tags on the entries the person may see, and the tag the next page follows. */
export async function listTags(
  db: Db,
  membership: Membership,
  after: string | null,
  limit: number,
): Promise<{ data: PublicTag[]; next: string | null }> {
  const all = (await tagsSeenBy(db, membership)).sort(order);
  const rest = after === null ? all : all.filter((tag) => order(tag, after) > 0);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((name) => ({ name })),
    next: rest.length > limit && last !== undefined ? last : null,
  };
}

/** The cursor as the API hands it out: opaque base64url text. */
export const encodeTagCursor = (tag: string): string =>
  Buffer.from(JSON.stringify(['tag', tag])).toString('base64url');

/** A tag cursor read back, or null when it is not one this API made. */
export function decodeTagCursor(text: string): string | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'tag') return null;
    const tag: unknown = value[1];
    return typeof tag === 'string' && tag.length > 0 && tag.length <= 500 ? tag : null;
  } catch {
    return null;
  }
}
