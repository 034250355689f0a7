import { describe, expect, it } from 'vitest';
import { xmlCharacterProblem } from '../../../src/lib/xml-characters';

// Issue 46, point 5: what an XML parser decodes must be characters XML 1.0 allows, so a
// character reference counts as the character it names.

describe('xmlCharacterProblem', () => {
  it('passes text and references to allowed characters', () => {
    expect(
      xmlCharacterProblem(
        '<a b="x &amp; y &quot;">\t&lt;Ærø&gt; &apos;&#65;&#x42;&#x9;&#10;&#x1F600; 😀</a>',
      ),
    ).toBe('');
  });

  it('names a raw character XML does not allow', () => {
    expect(xmlCharacterProblem('<a>Pay\u0001now</a>')).toBe('the character U+0001');
    expect(xmlCharacterProblem('<a>\u0000</a>')).toBe('the character U+0000');
    expect(xmlCharacterProblem('<a>\uFFFE</a>')).toBe('the character U+FFFE');
    expect(xmlCharacterProblem('<a>\uD800</a>')).toBe('the character U+D800');
  });

  it('names a reference to one, decimal or hexadecimal', () => {
    expect(xmlCharacterProblem('<a>Pay&#1;now</a>')).toBe('the reference &#1;, to U+0001');
    expect(xmlCharacterProblem('<a n="&#x0;"/>')).toBe('the reference &#x0;, to U+0000');
    expect(xmlCharacterProblem('<a>&#xFFFF;</a>')).toBe('the reference &#xFFFF;, to U+FFFF');
    expect(xmlCharacterProblem('<a>&#xD800;</a>')).toBe('the reference &#xD800;, to U+D800');
    expect(xmlCharacterProblem('<a>&#1114112;</a>')).toBe('the reference &#1114112;, to U+110000');
  });

  it('names an & that begins no reference the parser knows', () => {
    expect(xmlCharacterProblem('<a>A & B</a>')).toBe('an & that begins no reference (&)');
    expect(xmlCharacterProblem('<a>&foo;</a>')).toBe('an & that begins no reference (&)');
    expect(xmlCharacterProblem('<a>&amp</a>')).toBe('an & that begins no reference (&amp)');
    expect(xmlCharacterProblem('<a>&#12a;</a>')).toBe('an & that begins no reference (&#12)');
  });
});
