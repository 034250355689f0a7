// Text as @e-invoice-eu/core's XML writer, xmlbuilder2, must be given it for the XML to read back
// exactly as typed (issue 46). It takes text by two routes that treat `&` differently.

// An `&` that begins what xmlbuilder2's serialiser takes for a reference, which it leaves as is.
const reference = /&(?=[A-Za-z]+;|#\d+;)/g;

/**
 * Every string in `value`, attribute values (keys with `@`) included, as the library's XML writer
 * must be given it to write exactly the text that was typed.
 */
export function escapeAmpersands<T>(value: T): T {
  // Its object reader decodes `&amp;` and the other named entities in a value, then `&#1;`-style
  // references; its serialiser then escapes each `&` that does not begin a reference. Left alone,
  // "A &amp; B" came out as "A & B" and a typed `&#1;` as U+0001, past the control-character
  // filter, which had checked the text as typed. Written `&amp;amp;`, each `&` is still `&amp;`
  // after the decoding, no reference is ever decoded, and the XML reads back as the typed text:
  // what the filter checked is what the parser decodes (the written XML is checked again in
  // e-invoice-library.ts).
  return mapStrings(value, (s) => s.replaceAll('&', '&amp;amp;'));
}

/** A string escaped by `escapeAmpersands`, as it was typed. */
export const typedText = (escaped: string): string => escaped.replaceAll('&amp;amp;', '&');

/**
 * Strings escaped by `escapeAmpersands` as the Factur-X XMP must be given them: it is built with
 * xmlbuilder2's `txt()`, which decodes nothing, so only an `&` its serialiser would leave is
 * escaped, once.
 */
export function xmpText<T>(escaped: T): T {
  return mapStrings(escaped, (s) => s.replaceAll('&amp;amp;', '&').replace(reference, '&amp;'));
}

/** Text written by `xmpText`, as typed, for the PDF's document information (not XML). */
export function infoText(xmp: string): string {
  return xmp.replace(/&amp;(?=[A-Za-z]+;|#\d+;)/g, '&');
}

/** `value` with `change` made to every string in it, in arrays and objects alike. */
function mapStrings<T>(value: T, change: (s: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, change)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]),
    ) as T;
  return value;
}
