import { createRequire } from 'node:module';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type * as XmlBuilder from 'xmlbuilder2';
import { escapeAmpersands, infoText, xmpText } from '../../../src/server/invoices/e-invoice-text';

// Issue 46, point 5: @e-invoice-eu/core writes its XML with xmlbuilder2, which decodes entity and
// character references in the values it is given. Text escaped for it must read back, from the
// XML it writes, exactly as typed: `&#1;` as those four characters, never U+0001.

// The xmlbuilder2 the library itself loads, whichever version it depends on.
const library = createRequire(import.meta.url).resolve('@e-invoice-eu/core');
const { create } = createRequire(library)('xmlbuilder2') as typeof XmlBuilder;

const typed = [
  'A & B',
  'A &amp; B',
  'A &amp;amp; B',
  'Pay&#1;now&#x0;',
  '&#65;&#x42; &lt;b&gt; &quot;q&quot; &apos;',
  '&foo; &amp &#12a; &#xZZ; && ;&',
  '<R&D> "quoted" \'single\'',
];

/** What an XML parser reads from `xml`, which must be well-formed. */
function parse(xml: string) {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml').documentElement!;
}

describe('text for the e-invoice library', () => {
  it.each(typed)('reads back %j from an element and an attribute as typed', (text) => {
    // As the library renders an object (FormatXMLService.renderXML).
    const given = escapeAmpersands({ root: { '#': text, '@name': text } });
    const xml = create({ encoding: 'utf-8' }, given).end({ prettyPrint: true });
    const root = parse(xml);
    expect(root.textContent?.trim()).toBe(text);
    expect(root.getAttribute('name')).toBe(text);
  });

  it.each(typed)('reads back %j from the Factur-X XMP as typed, and as its PDF info', (text) => {
    const escaped = escapeAmpersands(text);
    // As the library builds its XMP: txt() and attributes given to ele().
    const xml = create()
      .ele('x')
      .ele('li', { name: xmpText(escaped) })
      .txt(xmpText(escaped))
      .end({ headless: true });
    const li = parse(xml).getElementsByTagName('li').item(0)!;
    expect(li.textContent).toBe(text);
    expect(li.getAttribute('name')).toBe(text);
    expect(infoText(xmpText(escaped))).toBe(text);
  });
});
