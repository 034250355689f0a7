import { sanitizeRichText } from './sanitize';

/** Renders stored description HTML after sanitising it; `empty` shows when there is no text. */
export function RichText({ html, empty }: { html: string; empty: string }) {
  const clean = sanitizeRichText(html);
  if (clean.replace(/<[^>]*>/g, '').trim() === '')
    return <p className="italic text-slate-600">{empty}</p>;
  // Safe: sanitised to the toolbar's tags with no attributes just above.
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
