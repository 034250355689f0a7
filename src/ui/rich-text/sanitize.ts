import DOMPurify from 'dompurify';
import { stripControlCharacters } from '../../lib/storable-text';
import { RICH_TEXT_TAGS } from './allowed-tags';

/** Sanitises description HTML on its way into and out of the editor (quill 2.0.3 XSS advisory). */
export function sanitizeRichText(html: string): string {
  if (typeof window === 'undefined') return '';
  // Control characters (pasted from a word processor, say) would have the server refuse the log.
  return stripControlCharacters(
    DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: [] }),
  );
}
