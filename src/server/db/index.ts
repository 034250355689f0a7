import { readConfig } from '../config';
import { openDatabase, type Database } from './connect';

let opening: Promise<Database> | null = null;

/** The process's one database (PGlite takes seconds to open, so it is opened once and shared). */
export function getDatabase(): Promise<Database> {
  if (!opening) {
    const config = readConfig();
    opening = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch(
      (error: unknown) => {
        opening = null;
        throw error;
      },
    );
  }
  return opening;
}
