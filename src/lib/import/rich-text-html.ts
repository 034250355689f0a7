import { stripControlCharacters } from '../storable-text';

// Description HTML that arrives from a file (Hourmark's own export, issue 32) sanitised on the
// server, where DOMPurify has no DOM: exactly the tags the editor makes (EDITOR_TAGS) are
// kept, without any attribute; every other tag is dropped, with the content of those whose
// content is code (script, style …); a `<` or `>` that starts no tag is escaped. The browser
// sanitises again on the way into the editor (src/ui/rich-text/sanitize.ts), as for any log.

/** src/ui/rich-text/allowed-tags.ts's list (lib/ imports nothing of ui/; a test keeps them equal). */
export const EDITOR_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'h1', 'h2'] as const;
const allowed = new Set<string>(EDITOR_TAGS);
/** Tags whose content is not text a person wrote. */
const DROPPED_WITH_CONTENT =
  /<(script|style|template|iframe|object|noscript|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*>/g;
const COMMENT = /<!--[\s\S]*?(-->|$)|<![^>]*>|<\?[^>]*>/g;

/** Stored description HTML of the editor's tags only, no attributes, control characters gone. */
export function sanitizeDescriptionHtml(html: string): string {
  const kept: string[] = [];
  // Tags are replaced by placeholders first, so the text between them can be escaped alone.
  const marked = stripControlCharacters(html)
    .replace(DROPPED_WITH_CONTENT, '')
    .replace(COMMENT, '')
    .replace(TAG, (_whole, closing: string, name: string) => {
      const tag = name.toLowerCase();
      if (!allowed.has(tag)) return '';
      kept.push(tag === 'br' ? '<br>' : `<${closing}${tag}>`);
      return `\u0000${kept.length - 1}\u0000`;
    });
  const escaped = marked.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(
    // eslint-disable-next-line no-control-regex -- NUL marks a kept tag; the input has none left.
    /\u0000(\d+)\u0000/g,
    (_whole, index: string) => kept[Number(index)] ?? '',
  );
}
