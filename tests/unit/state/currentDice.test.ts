import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/io/sceneSchema';
import { currentDice, currentRoll, rollGroups } from '../../../src/state/eventQueue';
import { createTabletopStore } from '../../../src/state/store';

const scene: Scene = { format: 'tabletop-scene/1', table: { width: 24, depth: 24 } };

describe('the current roll for the 3D dice tray', () => {
  it("lists the latest push's dice with the names its dice lines give (skirmish-ru's scatter and artillery dice)", () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    s().pushEvents([{ type: 'dice-rolled', text: 'A rolled 5 (d20)', dice: [[20, 5]] }]);
    s().pushEvents([
      { type: 'shot', text: 'A shoots B', shooter: 'a', target: 'b', hit: false },
      {
        type: 'dice-rolled',
        text: 'A rolled 4, 3, 1, 6 (4d6), 4 (d12)',
        dice: [
          [6, 4],
          [6, 3],
          [6, 1],
          [6, 6],
          [12, 4],
        ],
        names: [null, null, 'scatter', 'artillery', null],
      },
      { type: 'dice-rolled', text: 'B rolled 9 (d10)', dice: [[10, 9]] },
    ]);
    expect(currentDice(s().eventLog, s().eventBatch)).toEqual([
      { sides: 6, value: 4, name: null },
      { sides: 6, value: 3, name: null },
      { sides: 6, value: 1, name: 'scatter' },
      { sides: 6, value: 6, name: 'artillery' },
      { sides: 12, value: 4, name: null },
      { sides: 10, value: 9, name: null },
    ]);
    // The same dice as the 2D tray's current roll.
    expect(currentDice(s().eventLog, s().eventBatch).map((d) => [d.sides, d.value])).toEqual(
      currentRoll(s().eventLog, s().eventBatch),
    );
    // A push without dice: no current roll.
    s().pushEvents([{ type: 'note', text: 'round 2' }]);
    expect(currentDice(s().eventLog, s().eventBatch)).toEqual([]);
  });

  it("the 2D tray's groups say whose dice they are: a roll-off, both sides' initiative, a line's player", () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    s().pushEvents([
      { type: 'initiative', text: 'Round 1' },
      {
        type: 'dice-rolled',
        text: 'A rolled 11, 3 (2d20); B rolled 12 (d20)',
        dice: [
          [20, 11],
          [20, 3],
          [20, 12],
        ],
        player: 'A',
        by: ['A', 'A', 'B'],
      },
      { type: 'dice-rolled', text: 'B rolled 9 (d10)', dice: [[10, 9]], player: 'B' },
    ]);
    expect(rollGroups(s().eventLog, s().eventBatch)).toEqual([
      {
        by: 'A',
        dice: [
          [20, 11],
          [20, 3],
        ],
      },
      {
        by: 'B',
        dice: [
          [20, 12],
          [10, 9],
        ],
      },
    ]);
    // The same dice, in the same order, as the current roll.
    expect(rollGroups(s().eventLog, s().eventBatch).flatMap((g) => g.dice)).toEqual(
      currentRoll(s().eventLog, s().eventBatch),
    );
    s().pushEvents([{ type: 'note', text: 'round 2' }]);
    expect(rollGroups(s().eventLog, s().eventBatch)).toEqual([]);
  });

  it('counts Skip presses, so animations outside the queue (the dice tray) jump to their end', () => {
    const store = createTabletopStore(scene);
    expect(store.getState().skipCount).toBe(0);
    store.getState().skipAnimations();
    store.getState().skipAnimations();
    expect(store.getState().skipCount).toBe(2);
  });
});
