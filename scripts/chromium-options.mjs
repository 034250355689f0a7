// How every browser run (Playwright tests, bench, screenshots) starts Debian's Chromium.
// The flags keep it from reaching for Google's services, which this machine's closed network
// refuses (TOOLCHAIN.md); Playwright never downloads a browser of its own here.

/** Launch options for playwright's chromium.launch / `use.launchOptions`. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
