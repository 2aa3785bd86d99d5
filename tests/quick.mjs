/**
 * `npm run test:quick [-- --base <ref>]`: the developer's quick loop. It finds the files changed against
 * `<ref>` (HEAD by default: the uncommitted edits, new files included), lints the changed code with the
 * project's type-aware ESLint config and Prettier, and runs the unit tests that import any changed source
 * file (`vitest related`), the changed unit tests among them. Browser tests are left to `npm run test:e2e --
 * <file>`; the whole suite is `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const at = args.indexOf('--base');
const base = at >= 0 ? args[at + 1] : 'HEAD';
if (!base) {
  console.error('test:quick: --base needs a git ref (for example --base origin/main)');
  process.exit(2);
}

const lines = (...cmd) => execFileSync('git', cmd, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([...lines('diff', '--name-only', base), ...lines('ls-files', '--others', '--exclude-standard')]),
].filter((f) => existsSync(f));
const code = changed.filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f));
const formatted = changed.filter((f) => /\.(ts|tsx|mts|mjs|js|json|md|css|html)$/.test(f));

const run = (label, cmd, cmdArgs) => {
  console.log(`\n# ${label}`);
  const t0 = Date.now();
  const r = spawnSync('npx', [cmd, ...cmdArgs], { stdio: 'inherit' });
  console.log(`# ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return r.status === 0;
};

if (!changed.length) {
  console.log(`test:quick: nothing changed against ${base}`);
  process.exit(0);
}
console.log(`test:quick: ${changed.length} changed file(s) against ${base}`);
let ok = true;
if (code.length) ok = run(`eslint (${code.length} files)`, 'eslint', ['--max-warnings', '0', ...code]) && ok;
if (formatted.length)
  ok = run(`prettier (${formatted.length} files)`, 'prettier', ['--check', '--log-level', 'warn', ...formatted]) && ok;
const units = code.filter((f) => f.startsWith('src/') || f.startsWith('tests/unit/') || f.startsWith('tests/support/'));
if (units.length)
  ok = run('unit tests related to them', 'vitest', ['related', '--run', '--passWithNoTests', ...units]) && ok;
const browser = changed.filter((f) => f.startsWith('tests/e2e/') && f.endsWith('.e2e.test.ts'));
if (browser.length) console.log(`\nBrowser tests changed (not run here): npm run test:e2e -- ${browser.join(' ')}`);
process.exit(ok ? 0 : 1);
