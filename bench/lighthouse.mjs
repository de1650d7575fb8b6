// Lighthouse (mobile preset) on a running Tolk: performance and accessibility scores, LCP, CLS, TBT.
// Uses Debian's Chromium; nothing is downloaded.
//   npm run build && PORT=3456 TOLK_DATA_DIR=$(mktemp -d) node apps/server/dist/main.js &
//   node bench/lighthouse.mjs http://localhost:3456/
// Options: --json FILE writes the full report. CHROME_PATH picks another browser.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const url =
  args.find((arg, i) => !arg.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1)) ?? 'http://localhost:3000/';

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  // No config: Lighthouse's default is the mobile preset (Moto G class device, slow 4G, 4x CPU slowdown).
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(lhr, null, 2));
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);

  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
  };
  const audit = (id) => lhr.audits[id];
  const ms = (id) => `${Math.round(audit(id)?.numericValue ?? NaN)} ms`;

  console.log(`Lighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} (${lhr.configSettings.formFactor})`);
  console.log(`performance score:   ${score('performance')}`);
  console.log(`accessibility score: ${score('accessibility')}`);
  console.log(`FCP:                 ${ms('first-contentful-paint')}`);
  console.log(`LCP:                 ${ms('largest-contentful-paint')}`);
  console.log(`CLS:                 ${(audit('cumulative-layout-shift')?.numericValue ?? NaN).toFixed(3)}`);
  console.log(`TBT:                 ${ms('total-blocking-time')}`);
  console.log(`Speed Index:         ${ms('speed-index')}`);

  // What keeps accessibility below 100, so the number comes with its reasons.
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable');
  for (const a of failing) console.log(`  accessibility: ${a.id}: ${a.title}`);
} finally {
  await chrome.kill();
}
