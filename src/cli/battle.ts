/**
 * The battle CLI (`npm run battle -- --rules <id> ...`): see battleRun.ts for the arguments and the output.
 */
import { runBattle } from './battleRun';

// process.exitCode, not process.exit: a large answer piped to another program must be written out in full.
void runBattle(
  process.argv.slice(2),
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text),
).then((code) => {
  process.exitCode = code;
});
