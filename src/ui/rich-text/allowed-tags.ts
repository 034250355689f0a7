/** Exactly what the editor toolbar can produce: bold, italic, headings 1–2, paragraphs. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'h1', 'h2'] as const;
