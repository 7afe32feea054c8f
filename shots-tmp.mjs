// Temporary: screenshots of the demo congress's sign-up form at 360 px (not committed).
import { chromium } from 'playwright-core';
const base = process.env.BASE;
const publicId = process.env.PUBLIC_ID;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of ['zh-tw', 'en']) {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await page.goto(`${base}/#/sign-up/${publicId}?lang=${lang}`);
  await page.getByTestId('sign-up-form').waitFor();
  await page.getByTestId('custom-fields').waitFor();
  // Pick cardiology so the condition shows its question; submit empty to show the messages.
  await page.getByRole('radio', { name: lang === 'en' ? 'Cardiology' : '心臟科' }).check();
  await page.getByTestId('sign-up-submit').click();
  await page.getByTestId('custom-fields').scrollIntoViewIfNeeded();
  await page.getByTestId('custom-fields').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `/work/shots/demo-form-${lang}.png` });
  await page.close();
}
await browser.close();
