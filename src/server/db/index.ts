import { serverConfig } from '../config';
import { openDatabase, type Database } from './connect';

let opening: Promise<Database> | null = null;
let ready = false;

/** The process's one database (PGlite takes seconds to open, so it is opened once and shared). */
export function getDatabase(): Promise<Database> {
  if (!opening) {
    const config = serverConfig();
    opening = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).then(
      (database) => {
        ready = true;
        return database;
      },
      (error: unknown) => {
        opening = null;
        throw error;
      },
    );
  }
  return opening;
}

/** Whether the database is open and migrated (the health endpoint's answer). */
export function isDatabaseReady(): boolean {
  return ready;
}
