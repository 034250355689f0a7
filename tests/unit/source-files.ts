import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

// What the grep tests (one write path, per-kind switches, role literals) read: the repository's
// source files and their code without comments.

/** The repository's root. */
export const root = join(import.meta.dirname, '..', '..');

/** Every source file under `dir`, by absolute path. */
export function sources(dir: string, names = /\.(ts|tsx|astro|mjs)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path, names);
    return names.test(entry.name) ? [path] : [];
  });
}

/** A file's path from the root, with forward slashes. */
export const repoPath = (path: string) => relative(root, path).split('\\').join('/');

/** A file's code without its comments (`//` lines and the lines of `/** … *\/` blocks). */
export const codeOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
