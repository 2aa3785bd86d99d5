/**
 * The battle CLI (`npm run battle -- --rules <id> ...`): see battleRun.ts for the arguments and the output.
 */
import { battle, UsageError } from './battleRun';

// process.exitCode, not process.exit: a large answer piped to another program must be written out in full.
battle(process.argv.slice(2), (text) => process.stdout.write(text)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // One clear line for a bad argument, file or force (the usage with --help).
    if (e instanceof UsageError) process.stderr.write(`battle: ${e.message}\n`);
    else process.stderr.write(`battle: ${(e as Error).message}\n`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
