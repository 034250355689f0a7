// An import the server has just queued, as POST /api/imports answers it (its fields per
// src/lib/contracts/imports.ts, which the browser checks).
export const startedImport = {
  id: 'imp-1',
  status: 'queued',
  source: 'hourmark',
  fileName: 'hours.csv',
  fileSize: 100,
  startedBy: 'Asha',
  createdAt: '2026-11-22T10:00:00.000Z',
  finishedAt: null,
  timeZone: 'Asia/Kolkata',
  dateFormat: null,
  people: [],
  progress: { done: 0, total: 6 },
  // What an import has come to before it runs (src/server/imports/store.ts emptyResult).
  result: {
    created: { clients: [], projects: [], tasks: [], tags: [], members: [] },
    logs: 0,
    seconds: 0,
    alreadyImported: 0,
    skipped: [],
    skippedCount: 0,
    undo: null,
  },
  error: null,
};
