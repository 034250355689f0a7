// One server process's round of scheduled work, run as its own Node process by
// tests/server/saved-reports.test.ts: `node --import tsx tests/server/run-jobs.ts <db url>
// <smtp url> <ISO time>`. Prints how many jobs this process finished.
import { openDatabase } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { smtpMailer } from '../../src/server/mail/mailer';

const [url, smtpUrl, at] = process.argv.slice(2);
const database = await openDatabase({ url });
const finished = await runDueJobs(
  database.db,
  smtpMailer(smtpUrl ?? '', 'Hourmark <reports@hourmark.test>'),
  () => new Date(at ?? ''),
);
console.log(JSON.stringify({ finished }));
await database.close();
