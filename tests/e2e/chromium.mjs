#!/usr/bin/env node
// Finds a Chromium for the browser tests; never downloads one (these machines are offline).
// `node tests/e2e/chromium.mjs` prints the path, or says how to install one and exits 1.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Places a Chromium or Chrome usually lives, after $CHROMIUM_PATH. */
export const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** How to get one, shown when none is found. */
export const INSTALL_HINT = [
  'No Chromium found for the browser tests.',
  'Looked at $CHROMIUM_PATH and: ' + CANDIDATES.join(', '),
  'Install one, then run npm test again:',
  '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
  '  or point at an existing browser:  CHROMIUM_PATH=/path/to/chrome npm test',
  '(The tests never download a browser.)',
].join('\n');

/** The first Chromium found, or null. A set but missing $CHROMIUM_PATH is not skipped silently. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const found = findChromium();
  if (!found) {
    if (process.env.CHROMIUM_PATH)
      console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log(`Chromium for browser tests: ${found}`);
}
