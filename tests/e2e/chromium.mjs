#!/usr/bin/env node
// Finds a Chromium for the browser tests and benchmarks, and never downloads one (these machines are
// offline): the system's when one is installed and starts, else the one that ships inside the
// @sparticuz/chromium devDependency (WebGL 2 through SwiftShader). `node tests/e2e/chromium.mjs`
// prints which one, or why none works and exits 1.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

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

/** Launch flags that work headless on these machines (software WebGL through SwiftShader). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The packaged browser's own flags left out: two would hide what a real page does (same-origin and
 * mixed-content checks), and `--single-process` (for AWS Lambda) crashes the browser when a test
 * closes one of its contexts.
 */
const DROPPED_FLAGS = ['--disable-web-security', '--allow-running-insecure-content', '--single-process'];

/** How to get a browser, shown when neither the system's nor the packaged one starts. */
export const INSTALL_HINT = [
  'No working Chromium for the browser tests.',
  'Looked at $CHROMIUM_PATH, ' + CANDIDATES.join(', ') + ', and the @sparticuz/chromium package.',
  'Run `npm ci` (it installs @sparticuz/chromium), or install one and run npm test again:',
  '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
  '  or point at an existing browser:  CHROMIUM_PATH=/path/to/chrome npm test',
  '(The tests never download a browser.)',
].join('\n');

/** The first system Chromium found, or null. A set but missing $CHROMIUM_PATH is not skipped silently. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** Starts the browser once and closes it: its version, or throws why it does not start. */
async function startsAs(executablePath, args) {
  const browser = await chromium.launch({ executablePath, args, timeout: 60_000 });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}

/** The packaged Chromium: unpacked to the temp folder on first use (about 2 s), with its flags. */
async function packaged() {
  const { default: Packaged } = await import('@sparticuz/chromium');
  const path = await Packaged.executablePath();
  const extra = CHROMIUM_ARGS.filter((a) => !Packaged.args.includes(a));
  return { path, args: [...Packaged.args.filter((a) => !DROPPED_FLAGS.includes(a)), ...extra] };
}

/**
 * The Chromium the tests use: `{ path, args, source, version, notes }`. The system's first (from
 * $CHROMIUM_PATH or the usual places) when it starts; else the packaged one. TABLETOP_CHROMIUM=packaged
 * skips the system's. Throws with the install hint when neither starts.
 */
export async function resolveChromium(env = process.env) {
  const notes = [];
  if (env.TABLETOP_CHROMIUM !== 'packaged') {
    const system = findChromium(env);
    if (env.CHROMIUM_PATH && !system) notes.push(`CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which does not exist`);
    if (system) {
      try {
        const version = await startsAs(system, CHROMIUM_ARGS);
        return { path: system, args: CHROMIUM_ARGS, source: 'system', version, notes };
      } catch (e) {
        notes.push(`${system} does not start: ${String(e.message ?? e).split('\n')[0]}`);
      }
    } else if (!env.CHROMIUM_PATH) notes.push('no system Chromium installed');
  } else notes.push('TABLETOP_CHROMIUM=packaged: the system Chromium is not tried');
  try {
    const { path, args } = await packaged();
    const version = await startsAs(path, args);
    return { path, args, source: '@sparticuz/chromium', version, notes };
  } catch (e) {
    notes.push(`the @sparticuz/chromium browser does not start: ${String(e.message ?? e).split('\n')[0]}`);
    throw new Error([...notes, '', INSTALL_HINT].join('\n'), { cause: e });
  }
}

/** One line naming the browser the tests use and why. */
export function describeChromium(found) {
  const why = found.notes.length > 0 ? ` (${found.notes.join('; ')})` : '';
  return `Chromium for browser tests: ${found.source} ${found.version} at ${found.path}${why}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(describeChromium(await resolveChromium()));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
