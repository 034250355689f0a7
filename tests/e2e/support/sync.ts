import { expect, type Page } from '@playwright/test';

/** The shell's sync status line, whatever it says. */
export const syncStatus = (page: Page) =>
  page.getByText(/^(All changes saved|Saving…|Offline.*|Opening your workspace…|Not syncing.*)$/);

/** Waits until the status line says everything made on this device is on the server. */
export const allSaved = (page: Page, timeout?: number) =>
  expect(syncStatus(page)).toHaveText('All changes saved', timeout ? { timeout } : {});
