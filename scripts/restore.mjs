// `npm run restore -- <file>`: restores a backup made by `npm run backup` into the database the
// server uses (DATABASE_URL, else PGlite in DATA_DIR), in one transaction. See docs/operations.md.
import { tsImport } from 'tsx/esm/api';

const { restoreCommand } = await tsImport('../src/server/backup/cli.ts', import.meta.url);
process.exitCode = await restoreCommand(process.argv.slice(2));
