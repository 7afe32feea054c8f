/**
 * Debian's Chromium (or CHROMIUM_PATH) with the flags every browser run here launches it with — the
 * e2e suite, the README screenshots and the browser benches: no sandbox or GPU, and no background
 * traffic on a machine without network access. A fresh object each call, so a caller may add flags.
 */
export function chromiumLaunch(): { executablePath: string; args: string[] } {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
