import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.1 A/AA) on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // The CSP forbids inline scripts, so axe is evaluated through the DevTools protocol.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}
