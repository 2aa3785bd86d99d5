import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/io/sceneSchema';
import { animationMs, currentRoll, LOG_LIMIT } from '../../../src/state/eventQueue';
import { createTabletopStore } from '../../../src/state/store';

const scene: Scene = { format: 'tabletop-scene/1', table: { width: 24, depth: 24 } };

describe('event queue and log', () => {
  it('scales animation time with the speed; log-only events take none', () => {
    const shot = { type: 'shot', shooter: 'a', target: 'b', hit: true };
    expect(animationMs(shot, 1)).toBe(700);
    expect(animationMs(shot, 2)).toBe(350);
    expect(animationMs({ type: 'note' }, 1)).toBe(0);
    // An event with nothing to draw takes no time: a shot that names no target, a ruleset's own event unmapped.
    expect(animationMs({ type: 'shot', shooter: 'a' }, 1)).toBe(0);
    expect(animationMs({ type: 'psi', shooter: 'a', target: 'b' }, 1)).toBe(0);
    // Mapped by its ruleset when pushed (counterblast's psi is a shot), it plays as one.
    expect(animationMs({ type: 'psi', effect: { kind: 'shot', from: 'a', to: 'b', hit: false } }, 1)).toBe(700);
  });

  it('queues animated events in order, logs every event, pops on finish and empties on skip', () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    s().pushEvents([
      { type: 'dice-rolled', text: 'red rolled 4 (d6)', dice: [[6, 4]] },
      { type: 'note', text: 'round 1 begins' },
      { type: 'shot', text: 'red shoots blue', shooter: 'r', target: 'b', hit: true },
    ]);
    expect(s().eventQueue.map((e) => e.type)).toEqual(['dice-rolled', 'shot']);
    expect(s().eventLog.map((e) => e.text)).toEqual(['red rolled 4 (d6)', 'round 1 begins', 'red shoots blue']);
    s().finishEvent();
    expect(s().eventQueue.map((e) => e.type)).toEqual(['shot']);
    s().skipAnimations();
    expect(s().eventQueue).toEqual([]);
    expect(s().eventLog).toHaveLength(3);
  });

  it("events pushed at a pace carry it into the queue and the log (an AI's move: a spectator window plays it alike); pace 1 leaves them as they are", () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    const shot = { type: 'shot', text: 'red shoots blue', shooter: 'r', target: 'b', hit: true };
    s().pushEvents([shot], 0, undefined, 2);
    s().pushEvents([shot], 1, undefined, 1);
    expect(s().eventQueue.map((e) => e.pace)).toEqual([2, undefined]);
    // The paced shot plays in half the time at the same speed; at 2x speed as well, in a quarter.
    expect(s().eventQueue.map((e) => animationMs(e, 1))).toEqual([350, 700]);
    expect(animationMs(s().eventQueue[0]!, 2)).toBe(175);
    expect(s().eventLog.map((e) => e.pace)).toEqual([2, undefined]);
  });

  it(`keeps the whole game (the last ${LOG_LIMIT} lines), so the log scrolls back to its start`, () => {
    const store = createTabletopStore(scene);
    store.getState().pushEvents(Array.from({ length: 3000 }, (_, i) => ({ type: 'note', text: `line ${i}` })));
    expect(store.getState().eventLog).toHaveLength(3000);
    store.getState().pushEvents(Array.from({ length: LOG_LIMIT }, (_, i) => ({ type: 'note', text: `more ${i}` })));
    expect(store.getState().eventLog).toHaveLength(LOG_LIMIT);
    expect(store.getState().eventLog[0]!.text).toBe('more 0');
  });

  it('the dice tray shows the current roll only: none once an action without dice follows', () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    const roll = () => currentRoll(s().eventLog, s().eventBatch);
    s().pushEvents(
      [
        { type: 'shot', text: 'A shoots' },
        {
          type: 'dice-rolled',
          text: 'A rolled 8, 3',
          dice: [
            [10, 8],
            [10, 3],
          ],
        },
        { type: 'dice-rolled', text: 'B rolled 5', dice: [[10, 5]] },
      ],
      0,
    );
    expect(roll()).toEqual([
      [10, 8],
      [10, 3],
      [10, 5],
    ]);
    s().pushEvents([{ type: 'moved', text: 'B moves' }], 1);
    expect(roll()).toEqual([]);
    s().pushEvents([{ type: 'dice-rolled', text: 'B rolled 2', dice: [[10, 2]] }], 2);
    expect(roll()).toEqual([[10, 2]]);
    // An undo takes the roll back: the tray does not show the roll before it again.
    s().pushEvents([{ type: 'dice-rolled', text: 'A rolled 4', dice: [[10, 4]] }], 3);
    s().dropLoggedEntries(3);
    expect(roll()).toEqual([]);
  });

  it("a loaded game's tray shows its last step's roll only, not every die of the game", () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    const roll = () => currentRoll(s().eventLog, s().eventBatch);
    const die = (v: number) => ({ type: 'dice-rolled', text: `A rolled ${v}`, dice: [[10, v] as const] });
    s().replaceLog([
      { events: [die(8)], entry: 0 },
      { events: [{ type: 'moved', text: 'B moves' }], entry: 1 },
      { events: [die(2)], entry: 2 },
    ]);
    expect(roll()).toEqual([[10, 2]]);
    s().replaceLog([
      { events: [die(8)], entry: 0 },
      { events: [{ type: 'moved', text: 'B moves' }], entry: 1 },
    ]);
    expect(roll()).toEqual([]);
  });

  it('undo drops the lines of the entries it takes back, and keeps the others', () => {
    const store = createTabletopStore(scene);
    const s = () => store.getState();
    s().pushEvents([{ type: 'note', text: 'round 1' }]);
    s().pushEvents([{ type: 'activated', text: 'A activates Team 1' }], 0);
    s().pushEvents([{ type: 'moved', text: 'Team 1 moves 4"' }], 1);
    s().pushEvents([{ type: 'moved', text: 'Team 1 moves 2"' }], 2);
    s().dropLoggedEntries(1);
    expect(s().eventLog.map((e) => e.text)).toEqual(['round 1', 'A activates Team 1']);
    s().replaceLog([
      { events: [{ type: 'note', text: 'x' }], entry: 0 },
      { events: [{ type: 'note', text: 'y' }], entry: 1 },
    ]);
    expect(s().eventLog.map((e) => [e.text, e.entry])).toEqual([
      ['x', 0],
      ['y', 1],
    ]);
    expect(s().eventQueue).toEqual([]);
  });
});
