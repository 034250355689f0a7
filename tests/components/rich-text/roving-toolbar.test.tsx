// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeRovingToolbar } from '../../../src/ui/rich-text/roving-toolbar';

function toolbar() {
  const bar = document.createElement('div');
  bar.innerHTML = ['Bold', 'Italic', 'Heading 1', 'Heading 2', 'Normal text']
    .map((name) => `<button type="button" aria-label="${name}"></button>`)
    .join('');
  document.body.replaceChildren(bar);
  makeRovingToolbar(bar, 'DESCRIPTION formatting');
  return bar;
}
const named = (bar: HTMLElement, name: string) =>
  bar.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`)!;
const press = (key: string) =>
  document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
const tabStops = (bar: HTMLElement) =>
  [...bar.querySelectorAll('button')].filter((b) => b.tabIndex === 0).map((b) => b.ariaLabel);

describe('the editor toolbar (WAI-ARIA toolbar, issue 29)', () => {
  it('is one named Tab stop, on its first button', () => {
    const bar = toolbar();
    expect(bar.getAttribute('role')).toBe('toolbar');
    expect(bar.getAttribute('aria-label')).toBe('DESCRIPTION formatting');
    expect(tabStops(bar)).toEqual(['Bold']);
  });

  it('moves with the arrow keys, Home and End, wrapping, and Tab comes back to the last one', () => {
    const bar = toolbar();
    named(bar, 'Bold').focus();
    press('ArrowRight');
    expect(document.activeElement).toBe(named(bar, 'Italic'));
    press('End');
    expect(document.activeElement).toBe(named(bar, 'Normal text'));
    press('ArrowRight');
    expect(document.activeElement).toBe(named(bar, 'Bold'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(named(bar, 'Normal text'));
    press('Home');
    press('ArrowRight');
    press('ArrowRight');
    expect(tabStops(bar)).toEqual(['Heading 1']);
  });
});
