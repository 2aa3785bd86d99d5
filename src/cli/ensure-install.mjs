#!/usr/bin/env node
// Runs `npm ci` when node_modules is missing or older than package-lock.json, so `npm start` and
// `npm test` work on a fresh clone. Plain Node with no dependencies: it runs before they exist.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(run.status ?? 1);
  }
}
