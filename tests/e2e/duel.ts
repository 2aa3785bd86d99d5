/** A BLKOUT hotseat save where A's shot opens B's reaction prompt (A1.0 and B1.0 10" apart in the open), for set-up. */
import { ruleset, type BlkoutAction } from '../../src/rules/blkout';
import { newMatch } from '../../src/rules/engine/match';
import { SAVE_FORMAT_V1 } from '../../src/state/saveFile';
import { midGame } from '../unit/rules/blkout/fixture';

/** The save's text: a hand-made save in the first layout (no hash, no summary), migrated on load. */
export function duelSave(): string {
  const start = midGame({ 'A1.0': [6, 33], 'B1.0': [16, 33], 'A2.0': [1, 1], 'B2.0': [35, 35] });
  const moves: BlkoutAction[] = [
    { type: 'activate', unit: 'A1' },
    { type: 'end-reposition' },
    { type: 'shoot', model: 'A1.0', weapon: 0, target: 'B1.0' },
  ];
  return JSON.stringify({
    format: SAVE_FORMAT_V1,
    rules: 'blkout',
    seats: { A: 'human', B: 'human' },
    casualUndo: false,
    initial: newMatch(ruleset, start, 4).initial,
    log: moves.map((action) => ({ player: 'A', action, rolled: 0 })),
  });
}
