import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleReportExport } from '../../src/server/api/report-handlers';
import { handleCreateShare, handleSaveReport } from '../../src/server/api/saved-report-handlers';
import { handleSharedReport } from '../../src/server/api/shared-report-handler';
import type { Database } from '../../src/server/db/connect';
import { poppler } from './poppler';
import { seedReportWeek, signUpAda } from './report-week';
import { context, drivers, fakeClock, get, post } from './support';
import { pusher, type SignedUp } from './workspace-support';

// The report PDF's table: each heading and each row stays in its own band of the page, on A4
// and Letter, and a shared link's PDF carries the saved report's name.

describe.each(drivers)('report PDF layout on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUpAda(database, 'ada.layout@example.com', clock);
    await seedReportWeek(database, ok, clock, admin, 'asha.layout@example.com');
  });
  afterAll(async () => drop());

  it.each(['a4', 'letter'])('keeps the headings off the first row on %s', async (paper) => {
    const res = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22&group=project&format=pdf&paper=${paper}`,
        admin.cookie,
      ),
      ctx(),
    );
    const { lines, info } = poppler(Buffer.from(await res.arrayBuffer()));
    expect(info).toMatch(paper === 'a4' ? /595.* x 841.* \(A4\)/ : /612 x 792 pts \(letter\)/);
    const first = lines.findIndex((l) => l.startsWith('Internal'));
    const headings = lines.slice(lines.indexOf('') + 1, first).join(' ');
    // Each heading is read whole above the figures, even where it wraps onto a second line.
    for (const word of ['Project', 'Hours', 'Billed', 'Billable', 'Labour', 'Profit', 'Expenses'])
      expect(headings).toContain(word);
    expect(headings).toMatch(/amount/);
    // Internal: 7200 s = 2:00:00 tracked, nothing billed, ₹800.00 cost, ₹100.00 expenses.
    expect(lines[first]).toMatch(
      /^Internal\s+2:00:00\s+0:00:00\s+₹0.00\s+₹800.00\s+-₹800.00\s+₹100.00$/,
    );
  });

  it('titles a shared link’s PDF with the saved report’s name', async () => {
    const saved = await handleSaveReport(
      post(
        '/sync/saved-reports',
        {
          workspaceId: admin.workspace.id,
          name: 'Acme, week 47',
          schedule: null,
          spec: { range: 'last-week', groups: ['project'] },
        },
        admin.cookie,
      ),
      ctx(),
    );
    const { report } = (await saved.json()) as { report: { id: string } };
    const shared = await handleCreateShare(
      post(
        '/sync/report-shares',
        {
          workspaceId: admin.workspace.id,
          savedReportId: report.id,
          days: 7,
          withAmounts: true,
        },
        admin.cookie,
      ),
      ctx(),
    );
    const { link } = (await shared.json()) as { link: string };
    const token = new URL(link).hash.slice(1);
    const res = await handleSharedReport(get(`/shared-report?token=${token}&format=pdf`), ctx());
    const { lines, text } = poppler(Buffer.from(await res.arrayBuffer()));
    expect(lines[0]).toBe('Acme, week 47');
    expect(text).not.toContain('Detailed report');
    // Last week on Wed 25 Nov is 16–22 Nov: 22100 s = 6:08:20, ₹5,650.00 billed.
    expect(text).toMatch(/Total\s+6:08:20\s+4:30:00\s+₹5,650.00/);
  });
});
