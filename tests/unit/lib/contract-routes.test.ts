import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeOf, routes } from '../../../src/lib/contracts/routes';

// Issue 48: every route under src/pages that answers GET or POST has its answers declared in
// src/lib/contracts/routes.ts, and every declared route exists: the list the browser parses
// with, the server tests check against and the OpenAPI document is to be written from.

const pages = resolve('src/pages');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The methods a page module answers, following `export * from` to the module it repeats. */
function methodsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const alias = /export \* from '([^']+)'/.exec(text)?.[1];
  if (alias) return methodsOf(resolve(dirname(file), `${alias}.ts`));
  return ['GET', 'POST', 'PATCH', 'DELETE'].filter((method) =>
    new RegExp(`export const ${method}\\b|endpoint\\('${method}'`).test(text),
  );
}

const served = files(pages).flatMap((file) => {
  const path = `/${relative(pages, file)}`.replace(/\.ts$/, '').replace(/\[[^\]]+\]/g, 'x1');
  return methodsOf(file).map((method) => ({ method, path }));
});

describe('the response contracts', () => {
  it('declare the answers of every route the app serves', () => {
    const undeclared = served.filter(({ method, path }) => routeOf(method, path) === null);
    expect(undeclared).toEqual([]);
    expect(served.length).toBeGreaterThan(100);
  });

  it('declare no route the app does not serve', () => {
    const keys = new Set(served.map(({ method, path }) => routeOf(method, path)));
    expect(Object.keys(routes).filter((key) => !keys.has(key as keyof typeof routes))).toEqual([]);
  });
});
