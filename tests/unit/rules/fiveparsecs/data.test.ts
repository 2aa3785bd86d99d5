import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AI_TYPES,
  isFearless,
  parseForces,
  validateForces,
  weaponById,
  type FiveParsecsData,
} from '../../../../src/rules/fiveparsecs/data';

const FILE = 'assets/rulesets/fiveparsecs/forces.json';
const text = readFileSync(FILE, 'utf8');
/** The shipped samples, validated. */
function shipped(): FiveParsecsData {
  const r = parseForces(text, FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
/** A fresh, editable copy of the shipped JSON. */
const raw = () => JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Five Parsecs forces file (assets/rulesets/fiveparsecs/forces.json)', () => {
  it('the five sample enemy types carry the README numbers', () => {
    const d = shipped();
    const row = (id: string) => {
      const e = d.enemies.find((x) => x.id === id)!;
      return [e.numbers, e.panic, e.speed, e.combatSkill, e.toughness, e.ai, isFearless(e), e.save ?? null];
    };
    expect(d.enemies.map((e) => e.id)).toEqual(['gangers', 'raiders', 'psychos', 'black-ops-team', 'war-bots']);
    expect(row('gangers')).toEqual([2, 2, 4, 0, 3, 'aggressive', false, null]);
    expect(row('raiders')).toEqual([1, 2, 4, 1, 3, 'aggressive', false, null]);
    expect(row('psychos')).toEqual([2, 1, 6, 0, 4, 'rampaging', false, null]);
    expect(row('black-ops-team')).toEqual([0, 1, 6, 2, 5, 'tactical', false, null]);
    expect(row('war-bots')).toEqual([0, 0, 3, 1, 4, 'aggressive', true, 5]);
  });

  it('the common weapons carry the README range / shots / damage / traits', () => {
    const d = shipped();
    const w = (id: string) => {
      const x = weaponById(d, id);
      return [x.range, x.shots ?? null, x.damage, x.traits];
    };
    expect(w('auto-rifle')).toEqual([24, 2, 0, []]);
    expect(w('shotgun')).toEqual([12, 2, 1, ['focused']]);
    expect(w('hunting-rifle')).toEqual([30, 1, 1, ['heavy']]);
    expect(w('frakk-grenade')).toEqual([6, 2, 0, ['heavy', 'area', 'single-use']]);
    expect(w('ripper-sword')).toEqual(['brawl', null, 1, ['melee']]);
    expect(d.weapons).toHaveLength(13);
    expect(() => weaponById(d, 'lazer')).toThrow(/lazer/);
  });

  it('the sample crew has six figures, every weapon they name is in the file', () => {
    const d = shipped();
    expect(d.crews).toHaveLength(1);
    expect(d.crews[0]!.figures).toHaveLength(6);
    for (const f of d.crews[0]!.figures) for (const w of f.weapons) expect(weaponById(d, w).id).toBe(w);
  });

  it('the seven AI types are the README list', () => {
    expect(AI_TYPES).toEqual(['cautious', 'aggressive', 'tactical', 'defensive', 'rampaging', 'beast', 'guardian']);
  });

  it('a bad file is refused with the file, the field path and the value', () => {
    const d = raw();
    d.enemies[0].ai = 'sneaky';
    d.enemies[1].panic = -1;
    d.enemies[4].save = 7;
    d.enemies[3].special = ['brave'];
    d.weapons[0].traits = ['snapshot'];
    d.weapons[1].shots = undefined;
    d.crews[0].figures[0].reactions = 7;
    const r = validateForces(d, 'my-enemies.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.file).toBe('my-enemies.json');
    const value = (path: string) => r.error.issues.find((i) => i.path === path)?.value;
    expect(value('enemies[0].ai')).toBe('"sneaky"');
    expect(value('enemies[1].panic')).toBe('-1');
    expect(value('enemies[4].save')).toBe('7');
    expect(value('enemies[3].special[0]')).toBe('"brave"');
    expect(value('weapons[0].traits[0]')).toBe('"snapshot"');
    expect(value('weapons[1].shots')).toBe('(missing)');
    expect(value('crews[0].figures[0].reactions')).toBe('7');
    expect(r.error.message).toMatch(/^my-enemies\.json: .*enemies\[0\]\.ai = "sneaky"/);
  });

  it('a weapon a figure names must be in the file (checked once the fields themselves are right)', () => {
    const d = raw();
    d.enemies[2].weapons[0] = 'lazer';
    d.crews[0].figures[3].weapons[1] = 'sword';
    const r = validateForces(d, 'my-enemies.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'enemies[2].weapons[0]', value: '"lazer"', message: 'no weapon "lazer" in this file' },
      { path: 'crews[0].figures[3].weapons[1]', value: '"sword"', message: 'no weapon "sword" in this file' },
    ]);
  });

  it('duplicate ids, unknown fields, a brawl weapon with shots and an empty file are refused', () => {
    const d = raw();
    d.weapons[12].shots = 1;
    d.enemies[1].id = 'gangers';
    d.crews[0].figures[1].id = 'captain';
    d.crews[0].figures[2].luck = 1;
    const r = validateForces(d, 'f.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.error.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['weapons[12].shots', 'enemies[1].id', 'crews[0].figures[1].id', 'crews[0].figures[2]']),
    );
    const empty = validateForces({ format: 'fiveparsecs-forces/1', weapons: [], enemies: [], crews: [] }, 'e.json');
    expect(empty.ok ? '' : empty.error.message).toMatch(/needs an enemy type or a crew/);
    expect(parseForces('{ nope', 'x.json')).toMatchObject({ ok: false, error: { file: 'x.json' } });
  });
});
