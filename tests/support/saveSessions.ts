/** Saves to mutate: each ruleset's battle started in a play controller and played a few legal moves. */
import { battleSave } from '../../src/cli/soakFiles';
import { battleTable } from '../../src/cli/soakGames';
import type { AnyRuleset } from '../../src/rulesets';
import { playOnSandbox } from './playSetup';

/** A controller on the sandbox (built by playOnSandbox, the one place tests build one) and the save text of `entry`'s battle after `moves` moves. */
export async function savedBattle(entry: AnyRuleset, moves: number, seed = 1) {
  const session = playOnSandbox();
  const text = await battleSave(session, await battleTable(entry), moves, seed);
  return { ...session, text };
}
