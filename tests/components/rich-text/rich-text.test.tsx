// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RichText } from '../../../src/ui/rich-text/RichText';

const show = (html: string) => render(<RichText html={html} empty="Empty Description" />).container;

describe('RichText', () => {
  it('keeps the formats the toolbar offers', () => {
    const box = show('<h1>Plan</h1><h2>Sub</h2><p><strong>bold</strong> <em>it</em><br>next</p>');
    expect(box.querySelector('h1')?.textContent).toBe('Plan');
    expect(box.querySelector('h2')?.textContent).toBe('Sub');
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('em')?.textContent).toBe('it');
    expect(box.querySelector('br')).not.toBeNull();
  });

  it('shows the empty text for blank or whitespace-only descriptions', () => {
    for (const html of ['', '<p><br></p>', '  ', '<p> </p>', '<script>alert(1)</script>']) {
      expect(show(html).textContent).toBe('Empty Description');
    }
  });

  it('never lets script, handlers, links or styles through', () => {
    const alert = vi.fn();
    window.alert = alert;
    const box = show(
      '<p onclick="alert(1)" style="color:red" class="x">a</p>' +
        '<img src=x onerror="alert(2)"><script>alert(3)</script>' +
        '<a href="javascript:alert(4)">link</a><iframe srcdoc="<script>alert(5)</script>"></iframe>' +
        '<svg><script>alert(6)</script></svg><style>p{}</style>',
    );
    expect(box.querySelectorAll('script, img, a, iframe, svg, style')).toHaveLength(0);
    expect(
      box.querySelectorAll('[onclick], [style], [class]:not(.rich-text), [href]'),
    ).toHaveLength(0);
    // The link's words stay; only the link goes.
    expect(box.textContent).toBe('alink');
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows markup typed as text as text, not as HTML', () => {
    const box = show('<p>&lt;b&gt;not bold&lt;/b&gt;</p>');
    expect(box.querySelector('b')).toBeNull();
    expect(box.textContent).toBe('<b>not bold</b>');
  });

  it('survives hostile nesting without overflowing the stack', () => {
    const deep = '<div>'.repeat(2000) + 'deep' + '</div>'.repeat(2000);
    expect(show(deep).textContent).toBe('deep');
  });
});
