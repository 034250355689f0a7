import { serverConfig } from '../config';
import { startScheduler } from '../jobs/scheduler';
import { processMailer } from '../mail/process-mailer';
import { recomputeLogAmounts } from '../sync/amounts';
import { openDatabase, type Database } from './connect';

let opening: Promise<Database> | null = null;
let ready = false;

/** The process's one database (PGlite takes seconds to open, so it is opened once and shared). */
export function getDatabase(): Promise<Database> {
  if (!opening) {
    const config = serverConfig();
    opening = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).then(
      async (database) => {
        // Logs written before their money was stored (migration 0005), or restored without it.
        await recomputeLogAmounts(database.db, null, { stale: true });
        // The job runner, in every process with or without mail: the jobs table keeps each job
        // to one run however many processes share the database.
        startScheduler(database, processMailer(), config.appUrl);
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
