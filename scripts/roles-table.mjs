// `npm run docs:roles`: writes the policy's "What each role may do" table into docs/security.md,
// between its markers. The table is TypeScript (src/lib/policy/roles-table.ts), loaded with tsx.
import { readFileSync, writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { rolesTable } = await tsImport('../src/lib/policy/roles-table.ts', import.meta.url);
const file = new URL('../docs/security.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = '<!-- roles-table:start -->';
const end = '<!-- roles-table:end -->';
const [before, rest] = doc.split(start);
const [, after] = (rest ?? '').split(end);
if (before === undefined || after === undefined)
  throw new Error(`docs/security.md lacks ${start} … ${end}`);
writeFileSync(file, `${before}${start}\n${rolesTable()}\n${end}${after}`);
console.log('docs/security.md: roles table written from src/lib/policy');
