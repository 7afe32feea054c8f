// The phone's view: Lighthouse's default configuration (a mid-range phone's screen, simulated slow 4G and a
// 4× slower CPU), performance category only, in Debian's headless Chromium.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { publicMeeting } from './bundle.ts';
import { chromiumLaunch } from './lib.ts';

export interface LighthousePage {
  name: string;
  /** Absolute, or relative to the base URL (`/#/login`). */
  url: string;
}

export interface LighthouseFigures {
  name: string;
  /** The performance category's score, 0–100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Every byte the page load received (Lighthouse's total byte weight: bodies as sent plus headers). */
  transferredKb: number;
}

export interface LighthouseOptions {
  /** Runs per page; the figures are those of Lighthouse's own median run (closest to the median FCP and TTI). */
  runs?: number;
  /** Writes each run's full report (JSON) here, for its opportunities and diagnostics. */
  reportDir?: string;
}

/** The pages the targets are set for: a public meeting's sign-up page (made through the API) and the login page. */
export async function lighthousePages(
  baseUrl: string,
  admin: { account: string; password: string },
): Promise<LighthousePage[]> {
  const meeting = await publicMeeting(baseUrl, admin);
  return [
    { name: 'sign-up', url: `/#/sign-up/${meeting.public_id}` },
    { name: 'login', url: '/#/login' },
  ];
}

function figures(name: string, lhr: Result): LighthouseFigures {
  const value = (audit: string) => {
    const found = lhr.audits[audit]?.numericValue;
    if (found === undefined) throw new Error(`Lighthouse ${name}: no ${audit}`);
    return found;
  };
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse ${name}: no performance score`);
  return {
    name,
    performance: Math.round(score * 100),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    transferredKb: value('total-byte-weight') / 1024,
  };
}

/**
 * One Lighthouse run. A run whose trace came out unusable (NO_NAVSTART, NO_FCP… happen now and then on
 * a busy machine) is tried again, twice at most.
 */
async function audit(port: number, url: string, name: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse ${name}: no result`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse ${name}: ${lhr.runtimeError.message}`);
  }
}

/**
 * Lighthouse on each page, one after another in one Chromium (each run starts from an empty cache and
 * storage). Throws when a run fails (page not loaded, no LCP): a missing figure is no figure.
 */
export async function lighthouseRuns(
  baseUrl: string,
  pages: LighthousePage[],
  options: LighthouseOptions = {},
): Promise<LighthouseFigures[]> {
  const runs = options.runs ?? 3;
  if (options.reportDir) fs.mkdirSync(options.reportDir, { recursive: true });
  const { executablePath, args } = chromiumLaunch();
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    // chrome-launcher does not run headless unless told.
    chromeFlags: ['--headless=new', ...args],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  try {
    const results: LighthouseFigures[] = [];
    for (const page of pages) {
      const url = new URL(page.url, baseUrl).href;
      const lhrs: Result[] = [];
      for (let run = 1; run <= runs; run++) {
        const lhr = await audit(chrome.port, url, page.name);
        if (options.reportDir) {
          fs.writeFileSync(path.join(options.reportDir, `${page.name}-${run}.json`), JSON.stringify(lhr));
        }
        lhrs.push(lhr);
      }
      results.push(figures(page.name, computeMedianRun(lhrs)));
    }
    return results;
  } finally {
    chrome.kill();
  }
}
