import { vi } from 'vitest';
import { withContractChecks } from './server/contract-check';

// Every handler's answers are checked against src/lib/contracts/routes.ts (issue 48): see
// tests/server/contract-check.ts. Each module is wrapped where any test imports it.
vi.mock('../src/server/api/activity-handler', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/handlers', async (original) => withContractChecks(await original()));
vi.mock('../src/server/api/import-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/import-run-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/invitation-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/invoice-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/invoice-logo-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/member-reset-handler', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/notice-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/password-reset-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/payment-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/read-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/report-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/saved-report-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/shared-report-handler', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/support-handler', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/sync-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/team-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/workspace-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/token-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/public-api-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/public-record-handlers', async (original) =>
  withContractChecks(await original()),
);
vi.mock('../src/server/api/public-timer-handlers', async (original) =>
  withContractChecks(await original()),
);
