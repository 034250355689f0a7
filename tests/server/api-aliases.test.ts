import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 26 split the routes: /sync holds the sync protocol (push, pull, poke and the workspace
// list) and /api the app's own endpoints. Every endpoint that moved keeps its old address under
// /sync as an alias, for bundles, open tabs and saved links from before: the same handlers, so
// both addresses answer alike.

const routesUnder = (dir: string, prefix = ''): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routesUnder(path, `${prefix}${name}/`);
    // Endpoints only: a page under /api (the API reference, api/docs.astro) has no alias.
    return name.endsWith('.ts') ? [`${prefix}${name.replace(/\.ts$/, '')}`] : [];
  });

const SYNC_PROTOCOL = ['poke', 'pull', 'push', 'workspaces'];
// Endpoints made after the split: they never had an address under /sync, so they have no alias.
// The public API (/api/v1) and its tokens were born there too.
const BORN_UNDER_API = [
  'imports',
  'imports/[id]',
  'imports/[id]/undo',
  'imports/preview',
  'tokens',
  'tokens/[id]',
];
const bornUnderApi = (route: string) => BORN_UNDER_API.includes(route) || route.startsWith('v1/');
const methods = ['GET', 'POST', 'ALL'] as const;

describe('the app API under /api, and its old addresses under /sync', () => {
  const api = routesUnder(join('src', 'pages', 'api')).sort();
  const sync = routesUnder(join('src', 'pages', 'sync')).sort();

  it('keeps only the sync protocol under /sync, and an alias for every endpoint that moved', () => {
    expect(sync.filter((route) => !api.includes(route))).toEqual(SYNC_PROTOCOL);
    const unaliased = api.filter((route) => !sync.includes(route));
    expect(unaliased.filter((route) => !route.startsWith('v1/'))).toEqual(BORN_UNDER_API);
    expect(unaliased.filter((route) => route.startsWith('v1/')).length).toBeGreaterThan(0);
    expect(api).toContain('invoices/issue');
  });

  // Vite resolves these at build time (a variable import reaches one folder deep only).
  const apiModules = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts');
  const syncModules = import.meta.glob<Record<string, unknown>>('../../src/pages/sync/**/*.ts');

  for (const route of routesUnder(join('src', 'pages', 'api')).filter(
    (route) => !bornUnderApi(route),
  )) {
    it(`/sync/${route} answers with the handlers of /api/${route}`, async () => {
      const load = (modules: typeof apiModules, dir: string) => {
        const module = modules[`../../src/pages/${dir}/${route}.ts`];
        if (!module) throw new Error(`no ${dir}/${route}.ts`);
        return module();
      };
      const moved = await load(apiModules, 'api');
      const alias = await load(syncModules, 'sync');
      const served = methods.filter((m) => moved[m] !== undefined);
      expect(served.length).toBeGreaterThan(0);
      for (const method of methods) expect(alias[method], method).toBe(moved[method]);
      expect(alias['prerender']).toBe(false);
    });
  }
});
