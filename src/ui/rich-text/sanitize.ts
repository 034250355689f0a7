import DOMPurify from 'dompurify';
import { RICH_TEXT_TAGS } from './allowed-tags';

/** Sanitises description HTML on its way into and out of the editor (quill 2.0.3 XSS advisory). */
export function sanitizeRichText(html: string): string {
  if (typeof window === 'undefined') return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: [] });
}
