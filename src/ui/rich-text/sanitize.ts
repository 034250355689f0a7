import DOMPurify from 'dompurify';

// Exactly what the editor toolbar can produce: bold, italic, headings 1–2, paragraphs.
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'h1', 'h2'];

/** Sanitises stored description HTML before it is rendered (quill 2.0.3 XSS advisory). */
export function sanitizeRichText(html: string): string {
  if (typeof window === 'undefined') return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/** True when the HTML has no visible text (an empty editor yields `<p><br></p>`). */
export function isBlankRichText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
