import { useMemo } from 'react';
import { safeRichText } from './safe-rich-text';

/** Renders stored description HTML through the toolbar's tags only; `empty` shows when blank. */
export function RichText({ html, empty }: { html: string; empty: string }) {
  const content = useMemo(() => safeRichText(html), [html]);
  if (!content) return <p className="italic text-slate-600">{empty}</p>;
  return <div className="rich-text">{content}</div>;
}
