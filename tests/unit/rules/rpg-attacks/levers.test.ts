import { describe, expect, it } from 'vitest';
import type { LeverStep } from '../../../../src/rules/engine/levers';
import type { RpgChar, RpgState } from '../../../../src/rules/rpg-attacks/game';
import { rpgAttacksLevers as levers } from '../../../../src/rules/rpg-attacks/levers';

const WEAPONS = {
  pistol: { skill: 'projectiles' },
  maul: { skill: 'melee' },
  fists: { skill: 'unarmed' },
  frag: { skill: 'projectiles', grenade: true },
} as unknown as RpgState['weapons'];

const char = (id: string, o: Partial<RpgChar> = {}): RpgChar =>
  ({
    id,
    weapons: ['pistol', 'frag'],
    ammo: { pistol: 6, frag: 2 },
    condition: { wounds: 0, graveWounds: 0, hindered: [], prone: false, down: false, unconsciousHours: 0 },
    ...o,
  }) as RpgChar;

function step(
  action: { type: string } & Record<string, unknown>,
  o: { before?: Partial<RpgState>; after?: Partial<RpgState>; legal?: object[] } = {},
): LeverStep<RpgState> {
  const base = { phase: 'battle', weapons: WEAPONS, chars: { a: char('a') } } as Partial<RpgState>;
  return {
    before: { ...base, ...o.before } as RpgState,
    after: { ...base, ...o.after } as RpgState,
    player: 'A',
    action,
    events: [],
    legal: (o.legal ?? []) as { type: string }[],
  };
}

describe('rpg-attacks levers', () => {
  it('tells a ranged attack, a melee attack (Melee or Unarmed) and automatic fire apart by the weapon', () => {
    expect(levers.used(step({ type: 'attack', model: 'a', weapon: 'pistol', target: 'b' }))).toEqual(['ranged-attack']);
    expect(levers.used(step({ type: 'attack', model: 'a', weapon: 'maul', target: 'b' }))).toEqual(['melee']);
    expect(levers.used(step({ type: 'attack', model: 'a', weapon: 'fists', target: 'b' }))).toEqual(['melee']);
    expect(levers.used(step({ type: 'attack', model: 'a', weapon: 'pistol', target: 'b', auto: true }))).toEqual([
      'autofire',
    ]);
    expect(levers.used(step({ type: 'dodge', model: 'a' }))).toEqual(['dodge']);
    expect(levers.used(step({ type: 'end-turn', model: 'a' }))).toEqual([]);
  });

  it('calls ending a turn idle when an action was legal; declining a Dodge is not idle (it may save nothing)', () => {
    const end = { type: 'end-turn', model: 'a' };
    expect(levers.idle(step(end, { legal: [{ type: 'attack' }, end] }))).toBe(true);
    expect(levers.idle(step(end, { legal: [{ type: 'move' }, end] }))).toBe(false);
    expect(levers.idle(step({ type: 'pass' }, { legal: [{ type: 'dodge', model: 'a' }, { type: 'pass' }] }))).toBe(
      false,
    );
    expect(levers.idle(step({ type: 'pass' }, { legal: [{ type: 'pass' }] }))).toBe(false);
  });

  it('counts the grenades standing characters still carry when the battle ends, once', () => {
    const down = char('d', { condition: { ...char('d').condition, down: true } });
    const chars = { a: char('a'), b: char('b', { ammo: { pistol: 0, frag: 1 } }), d: down };
    expect(levers.wasted(step({ type: 'attack' }, { after: { phase: 'over', chars } }))).toEqual({ grenades: 3 });
    expect(levers.wasted(step({ type: 'attack' }, { after: { phase: 'battle', chars } }))).toEqual({});
    expect(
      levers.wasted(step({ type: 'pass' }, { before: { phase: 'over' }, after: { phase: 'over', chars } })),
    ).toEqual({});
  });
});
