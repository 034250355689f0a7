import type { Page } from '@playwright/test';

/**
 * Makes the browser refuse writes of `keys` the way a full localStorage does (a DOMException
 * named QuotaExceededError), on every page load, until `freeStorage` is called.
 */
export async function fillStorage(page: Page, keys: readonly string[]): Promise<void> {
  await page.addInitScript((full) => {
    const setLocal = localStorage.setItem.bind(localStorage);
    const setSession = sessionStorage.setItem.bind(sessionStorage);
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this !== localStorage) return setSession(key, value);
      if (full.includes(key) && sessionStorage.getItem('storage-freed') !== '1') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      setLocal(key, value);
    };
  }, keys);
}

/** Lets writes through again, as when the person has made room. */
export async function freeStorage(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.setItem('storage-freed', '1'));
}

/** Records the type of every dialog the page opens and answers it (dismiss keeps the page). */
export function answerDialogs(page: Page, answer: 'accept' | 'dismiss' = 'dismiss'): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}
