import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/io/sceneSchema';
import { animationMs, LOG_LIMIT } from '../../../src/state/eventQueue';
import { createTabletopStore } from '../../../src/state/store';

const scene: Scene = { format: 'tabletop-scene/1', table: { width: 24, depth: 24 } };

describe('event queue and log', () => {
  it('scales animation time with the speed; log-only events take none', () => {
    expect(animationMs({ type: 'shot' }, 1)).toBe(700);
    expect(animationMs({ type: 'shot' }, 2)).toBe(350);
    expect(animationMs({ type: 'note' }, 1)).toBe(0);
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

  it(`keeps the last ${LOG_LIMIT} log lines`, () => {
    const store = createTabletopStore(scene);
    store.getState().pushEvents(Array.from({ length: LOG_LIMIT + 5 }, (_, i) => ({ type: 'note', text: `line ${i}` })));
    expect(store.getState().eventLog).toHaveLength(LOG_LIMIT);
    expect(store.getState().eventLog[0]!.text).toBe('line 5');
  });
});
