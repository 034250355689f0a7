// Time to first render of a signed-in screen with generated data already in localStorage.
import { median, signInContext } from './_harness.mjs';

// Records when the first element matching `selector` appears, from navigation start.
const firstRenderProbe = (selector) => {
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.__firstRender = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

/** A signed-in browser context whose first page load finds `data` in localStorage. */
export async function newSeededPage(browser, server, data) {
  const context = await browser.newContext();
  const session = await signInContext(context, server.url);
  await context.addInitScript(
    (entries) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [k, v] of Object.entries(entries))
        localStorage.setItem(k, typeof v === 'string' ? v : JSON.stringify(v));
    },
    { ...data, token: session.token, user: session.user, 'hm.cacheOwner': session.owner },
  );
  // The records exist only in this browser's cache; a pull would replace them with the empty
  // workspace on the server. Kept out so the figures measure the screens with the cache.
  await context.route('**/sync/**', (route) => route.abort());
  return { context, page: await context.newPage() };
}

/** Median ms from navigation start until `selector` first appears on `path`. */
export async function firstRender(browser, server, path, selector, data, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const { context, page } = await newSeededPage(browser, server, data);
    await page.addInitScript(firstRenderProbe, selector);
    await page.goto(`${server.url}${path}`);
    await page.waitForFunction(() => window.__firstRender !== undefined, null, { timeout: 60000 });
    times.push(await page.evaluate(() => window.__firstRender));
    await context.close();
  }
  return median(times);
}
