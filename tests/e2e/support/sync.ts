import { expect, type Page } from '@playwright/test';

/** The shell's sync status line, whatever it says. */
export const syncStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^(All changes saved|Saving…|Offline.*|Connecting…|Not syncing.*)$/ });

/** Waits until the status line says everything made on this device is on the server. */
export const allSaved = (page: Page, timeout?: number) =>
  expect(syncStatus(page)).toHaveText('All changes saved', timeout ? { timeout } : {});
