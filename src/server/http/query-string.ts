import { controlCharacter, unstorable } from '../../lib/storable-text';

/** Why a query string is refused: the sentence for the person, and the parameter it is about. */
export interface QueryProblem {
  message: string;
  fields: Record<string, string>;
}

const BESIDE = 'Contains invisible control characters or characters that cannot be stored';

// The same characters the write schemas refuse in text (src/lib/storable-text.ts): C0 controls
// other than tab, LF and CR, U+FFFE and U+FFFF, and what PostgreSQL cannot store (NUL, and
// unpaired surrogates, which percent-decoding never makes today). No parameter of ours holds
// them, and a NUL sent on to PostgreSQL fails the query there as a 500. Tab and line breaks
// stay allowed, as in text: a search may be pasted from a log's multi-line description.
const refused = (text: string) => controlCharacter.test(text) || unstorable.test(text);

/**
 * Why the query of `url` is refused, or null when it is fine: a parameter whose name or value,
 * once percent-decoded, holds a character the write schemas refuse in text. One check for every
 * request (src/middleware.ts), so no endpoint can forget it.
 */
export function queryProblem(url: URL): QueryProblem | null {
  const fields: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (refused(name)) fields['query'] = BESIDE;
    else if (refused(value)) fields[name] = BESIDE;
  }
  if (Object.keys(fields).length === 0) return null;
  return {
    message:
      'The address holds invisible control characters (such as NUL), often from pasted text: remove them and try again.',
    fields,
  };
}
