// `npm run backup [-- --workspace <uuid>] [-- --out <path>]`: writes a gzipped logical backup of
// the database the server uses (DATABASE_URL, else PGlite in DATA_DIR). The work is TypeScript in
// src/server/backup, loaded through tsx because a plain .mjs script cannot import it.
import { tsImport } from 'tsx/esm/api';

const { backupCommand } = await tsImport('../src/server/backup/cli.ts', import.meta.url);
process.exitCode = await backupCommand(process.argv.slice(2));
