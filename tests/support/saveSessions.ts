/** Saves to mutate: each ruleset's battle started in a play controller and played a few random legal moves. */
import { battleTable } from '../../src/cli/soakGames';
import { walk } from '../../src/rules/engine/walk';
import type { AnyPlayable } from '../../src/rules/registry';
import { playOnSandbox } from './playSetup';

/** A controller on the sandbox (the one place the property tests build one) with `entry`'s battle loaded, and the save text of that battle after `moves` moves. */
export async function savedBattle(entry: AnyPlayable, moves: number, seed = 1) {
  const session = playOnSandbox();
  const started = await session.play.start({ rules: entry.id, seats: { A: 'human', B: 'human' }, seed });
  if (!started.ok) throw new Error(started.reason);
  const empty = JSON.parse(session.play.saveText()!) as { initial: { state: unknown }; log: unknown[] };
  const t = await battleTable(entry);
  const picks = Array.from({ length: moves }, (_, i) => i * 7 + 3);
  const r = walk(entry.ruleset, entry.invariants, empty.initial.state, seed, t.queries(), picks);
  if (r.violations.length) throw new Error(JSON.stringify(r.violations));
  const text = `${JSON.stringify({ ...empty, log: r.match.log })}\n`;
  return { ...session, text };
}
