// What an XML 1.0 parser reads must be characters XML allows (its Char production, section 2.2):
// the controls other than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF are refused whether
// written raw or as a character reference such as `&#1;`, and an `&` must begin a reference the
// parser knows. A document that breaks either rule is not well-formed: no validator reads it.

const notChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// Every `&` with what follows it, when that is a reference.
const ampersand = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9A-Fa-f]+))?(;)?/g;

const allowed = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

const named = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `xml` would not be read as characters XML allows, checked as the parser decodes it (a raw
 * character, a character reference, or an `&` that begins no reference); '' when none.
 */
export function xmlCharacterProblem(xml: string): string {
  const raw = notChar.exec(xml)?.[0]?.codePointAt(0);
  if (raw !== undefined) return `the character ${named(raw)}`;
  for (const match of xml.matchAll(ampersand)) {
    const [whole, entity, decimal, hex, semicolon] = match;
    if (!semicolon || (!entity && !decimal && !hex))
      return `an & that begins no reference (${whole})`;
    if (entity) continue;
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    if (!allowed(code)) return `the reference ${whole}, to ${named(code)}`;
  }
  return '';
}
