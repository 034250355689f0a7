import { createElement, Fragment, type ReactNode } from 'react';
import { RICH_TEXT_TAGS } from './allowed-tags';

const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS);
// Elements whose content is never text a person typed; they are dropped with their content.
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
].join(',');
// Deeper nesting than a description ever has is flattened to text, so hostile input cannot
// exhaust the stack.
const MAX_DEPTH = 32;

function convert(node: Node, key: number, depth: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  if (depth >= MAX_DEPTH) return node.textContent;
  const tag = node.localName;
  if (tag === 'br') return createElement('br', { key });
  // Only the tag name is carried over: no attribute, so no handler, style or URL, ever reaches
  // the page. Any other element is unwrapped and keeps only its (converted) content.
  const type = ALLOWED_TAGS.has(tag) ? tag : Fragment;
  return createElement(type, { key }, ...convertChildren(node, depth + 1));
}

function convertChildren(parent: Node, depth: number): ReactNode[] {
  return [...parent.childNodes].map((child, index) => convert(child, index, depth));
}

/**
 * Turns stored description HTML into React elements without ever handing HTML to the page.
 * The string is parsed into an inert document (DOMParser runs no script and loads nothing),
 * then rebuilt from the toolbar's tags alone, with no attributes; text is escaped by React.
 * Returns null when there is no visible text.
 */
export function safeRichText(html: string): ReactNode[] | null {
  if (typeof DOMParser === 'undefined' || html.trim() === '') return null;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll(DROPPED_WITH_CONTENT).forEach((element) => element.remove());
  if ((body.textContent ?? '').trim() === '') return null;
  return convertChildren(body, 0);
}
