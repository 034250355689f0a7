// `npm run docs:commands`: writes every command of the catalogs into docs/api.md, between its
// markers. The table is TypeScript (src/lib/commands/commands-table.ts), loaded with tsx.
import { readFileSync, writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { commandsTable } = await tsImport('../src/lib/commands/commands-table.ts', import.meta.url);
const file = new URL('../docs/api.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = '<!-- commands-table:start -->';
const end = '<!-- commands-table:end -->';
const [before, rest] = doc.split(start);
const [, after] = (rest ?? '').split(end);
if (before === undefined || after === undefined)
  throw new Error(`docs/api.md lacks ${start} … ${end}`);
writeFileSync(file, `${before}${start}\n${commandsTable()}\n${end}${after}`);
console.log('docs/api.md: commands table written from src/lib/commands');
