import { describe, expect, it } from 'vitest';
import type { LeverStep } from '../../../../src/rules/engine/levers';
import type { SkFighter, SkState } from '../../../../src/rules/skirmish-ru/game';
import { skirmishRuLevers as levers } from '../../../../src/rules/skirmish-ru/levers';

const fighter = (reserved: boolean) => ({ reserved }) as SkFighter;

function step(
  action: { type: string } & Record<string, unknown>,
  o: { before?: Partial<SkState>; after?: Partial<SkState>; events?: string[]; legal?: object[] } = {},
): LeverStep<SkState> {
  const base = { phase: 'battle', activation: null, fighters: {} } as Partial<SkState>;
  return {
    before: { ...base, ...o.before } as SkState,
    after: { ...base, ...o.after } as SkState,
    player: 'A',
    action,
    events: (o.events ?? []).map((type) => ({ type, text: '' })),
    legal: (o.legal ?? []) as { type: string }[],
  };
}

describe('skirmish-ru levers', () => {
  it('names each move mode and jump kind, a fall after a failed climb, a charge and an ambush shot', () => {
    const at = { x: 1, y: 0, z: 1 };
    expect(levers.used(step({ type: 'move', fighter: 'f', mode: 'run', ...at }))).toEqual(['run']);
    expect(
      levers.used(
        step({ type: 'jump', fighter: 'f', how: 'climb', mode: 'move', ...at }, { events: ['jump', 'fall'] }),
      ),
    ).toEqual(['climb', 'fall']);
    expect(levers.used(step({ type: 'jump', fighter: 'f', how: 'down', mode: 'move', ...at }))).toEqual(['jump-down']);
    expect(
      levers.used(step({ type: 'move', fighter: 'f', mode: 'sprint', ...at }, { events: ['moved', 'close-combat'] })),
    ).toEqual(['sprint', 'charge']);
    const shot = { type: 'shoot', fighter: 'f', weapon: 'w', target: 'e' };
    expect(levers.used(step(shot, { before: { ambush: { mover: 'e' } as SkState['ambush'] } }))).toEqual([
      'ambush-shot',
    ]);
    expect(levers.used(step(shot))).toEqual(['shoot']);
    expect(levers.used(step({ type: 'done', fighter: 'f' }))).toEqual([]);
  });

  it('calls ending an activation idle with that fighter’s attack legal, or unmoved with a move legal', () => {
    const done = { type: 'done', fighter: 'f' };
    const act = (moved: string) => ({ activation: { fighter: 'f', moved } as unknown as SkState['activation'] });
    expect(levers.idle(step(done, { before: act('move'), legal: [{ type: 'shoot', fighter: 'f' }, done] }))).toBe(true);
    expect(levers.idle(step(done, { before: act('move'), legal: [{ type: 'shoot', fighter: 'g' }, done] }))).toBe(
      false,
    );
    expect(levers.idle(step(done, { before: act('none'), legal: [{ type: 'move', fighter: 'f' }, done] }))).toBe(true);
    expect(levers.idle(step(done, { before: act('run'), legal: [{ type: 'move', fighter: 'f' }, done] }))).toBe(false);
  });

  it('counts a reserve cleared without its shot, and the reserves standing when the battle ends', () => {
    const before = { fighters: { f: fighter(true), g: fighter(false) } };
    // f activates again: its reserve goes unfired.
    expect(
      levers.wasted(
        step({ type: 'move', fighter: 'f' }, { before, after: { fighters: { f: fighter(false), g: fighter(false) } } }),
      ),
    ).toEqual({
      reserve: 1,
    });
    // f fires its reserve at an enemy who moved: nothing lost.
    expect(
      levers.wasted(
        step(
          { type: 'shoot', fighter: 'f' },
          { before, after: { fighters: { f: fighter(false), g: fighter(false) } } },
        ),
      ),
    ).toEqual({});
    expect(
      levers.wasted(
        step({ type: 'strike', fighter: 'g' }, { before, after: { phase: 'over', fighters: before.fighters } }),
      ),
    ).toEqual({
      reserve: 1,
    });
  });
});
