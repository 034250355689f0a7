import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../src/lib/html-text';

describe('htmlToText', () => {
  it('strips tags and keeps the text', () => {
    expect(htmlToText('<p>Fixed the <strong>login</strong> <em>bug</em></p>')).toBe(
      'Fixed the login bug',
    );
    expect(htmlToText('<a href="https://x.test">link</a>')).toBe('link');
  });

  it('turns paragraphs, line breaks, headings and list items into single new lines', () => {
    expect(htmlToText('<p>One</p><p>Two</p>')).toBe('One\nTwo');
    expect(htmlToText('a<br>b<br/>c<BR />d')).toBe('a\nb\nc\nd');
    expect(htmlToText('<h2>Title</h2><p>Body</p>')).toBe('Title\nBody');
    expect(htmlToText('<ol><li>first</li><li>second</li></ol>')).toBe('first\nsecond');
    expect(htmlToText('<p>One</p><p><br></p><p>Two</p>')).toBe('One\nTwo');
  });

  it('decodes the entities an editor writes', () => {
    expect(htmlToText('R&amp;D &lt;b&gt; &quot;q&quot; it&#39;s it&apos;s a&nbsp;b')).toBe(
      'R&D <b> "q" it\'s it\'s a b',
    );
    expect(htmlToText('&AMP;')).toBe('&');
  });

  it('decodes only once, so escaped entities stay visible', () => {
    expect(htmlToText('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  });

  it('leaves unknown entities as they are', () => {
    expect(htmlToText('&copy; &bogus;')).toBe('&copy; &bogus;');
  });

  it('trims and gives an empty text for an empty editor', () => {
    expect(htmlToText('<p><br></p>')).toBe('');
    expect(htmlToText('  <p> hi </p>  ')).toBe('hi');
    expect(htmlToText('')).toBe('');
  });
});
