/**
 * The headless geometry tool (`npm run geo -- <command> ...`): see geoRun.ts for the commands and the output.
 */
import { runGeo } from './geoRun';

// process.exitCode, not process.exit: a large answer piped to another program must be written out in full.
void runGeo(
  process.argv.slice(2),
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text),
).then((code) => {
  process.exitCode = code;
});
