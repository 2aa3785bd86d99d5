/** The skirmish-ru gangs file: statlines, weapon profiles, slots, and errors naming the file, the field and the value. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GANGS_FORMAT,
  STATS,
  hasTrait,
  parseGangs,
  validateGangs,
  weaponById,
  weaponReach,
  weaponSlots,
  type GangsData,
} from '../../../../src/rules/skirmish-ru/data';

const FILE = 'assets/rulesets/skirmish-ru/gangs.json';
const text = readFileSync(FILE, 'utf8');
/** The shipped samples, validated. */
function shipped(): GangsData {
  const r = parseGangs(text, FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
/** A fresh, editable copy of the shipped JSON. */
const raw = () => JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('skirmish-ru gangs file (assets/rulesets/skirmish-ru/gangs.json)', () => {
  it('two sample gangs of 6 fighters, every statline field present, every weapon in the file', () => {
    const d = shipped();
    expect(d.format).toBe(GANGS_FORMAT);
    expect(d.gangs.map((g) => [g.id, g.name, g.fighters.length])).toEqual([
      ['rzhavye-volki', 'Ржавые Волки', 6],
      ['deti-kotelnoy', 'Дети Котельной', 6],
    ]);
    for (const g of d.gangs)
      for (const f of g.fighters) {
        for (const s of STATS) expect(typeof f[s]).toBe('number');
        for (const w of f.weapons) expect(weaponById(d, w).id).toBe(w);
        const slots = f.weapons.reduce((n, w) => n + weaponById(d, w).slots, 0);
        expect(slots).toBeLessThanOrEqual(weaponSlots(f));
      }
  });

  it('each gang carries pistols, a rifle, a flamer (template) and grenades', () => {
    const d = shipped();
    for (const g of d.gangs) {
      const carried = g.fighters.flatMap((f) => f.weapons.map((w) => weaponById(d, w)));
      expect(carried.some((w) => hasTrait(w, 'pistol'))).toBe(true);
      expect(carried.some((w) => w.id === 'vintovka' || w.id === 'avtomat')).toBe(true);
      expect(carried.some((w) => hasTrait(w, 'flamer') && hasTrait(w, 'template'))).toBe(true);
      expect(carried.some((w) => hasTrait(w, 'grenade'))).toBe(true);
    }
  });

  it('the profiles: range / S / D / AP / reliability / rate of fire / ammo / slots', () => {
    const d = shipped();
    const p = (id: string) => {
      const w = weaponById(d, id);
      return [
        w.range ?? null,
        w.strength,
        w.damage,
        w.ap,
        w.reliability ?? null,
        w.rateOfFire ?? null,
        w.ammo ?? null,
        w.slots,
      ];
    };
    expect(p('avtomat')).toEqual([24, 3, 1, 1, 3, 2, 10, 2]);
    expect(p('ognemet')).toEqual([8, 4, 1, 1, 3, 1, 3, 3]);
    expect(p('granata')).toEqual([null, 3, 1, 0, 2, 1, 2, 1]);
    expect(p('nozh')).toEqual([null, 3, 1, 0, null, null, null, 0]);
    expect(() => weaponById(d, 'bazooka')).toThrow(/bazooka/);
  });

  it("a grenade reaches twice the thrower's Strength; a gun its range; a melee weapon 0", () => {
    const d = shipped();
    expect(weaponReach(weaponById(d, 'granata'), 3)).toBe(6);
    expect(weaponReach(weaponById(d, 'granata'), 4)).toBe(8);
    expect(weaponReach(weaponById(d, 'vintovka'), 3)).toBe(30);
    expect(weaponReach(weaponById(d, 'nozh'), 3)).toBe(0);
  });

  it('a bad file is refused with the file, the field path and the value', () => {
    const d = raw();
    d.gangs[0].fighters[0].shooting = 7;
    d.gangs[0].fighters[1].toughness = 0;
    d.gangs[1].fighters[2].agility = 'ловкий';
    d.weapons[0].traits = ['sniper'];
    d.weapons[1].reliability = 1;
    d.weapons[2].ap = -1;
    const r = validateGangs(d, 'my-gangs.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.file).toBe('my-gangs.json');
    const value = (path: string) => r.error.issues.find((i) => i.path === path)?.value;
    expect(value('gangs[0].fighters[0].shooting')).toBe('7');
    expect(value('gangs[0].fighters[1].toughness')).toBe('0');
    expect(value('gangs[1].fighters[2].agility')).toBe('"ловкий"');
    expect(value('weapons[0].traits[0]')).toBe('"sniper"');
    expect(value('weapons[1].reliability')).toBe('1');
    expect(value('weapons[2].ap')).toBe('-1');
    expect(r.error.message).toMatch(/^my-gangs\.json: .*gangs\[0\]\.fighters\[0\]\.shooting = 7/);
  });

  it('the profile fields each kind of weapon must and must not have', () => {
    const d = raw();
    delete d.weapons[0].range; // a pistol without range
    d.weapons[5].range = 12; // a grenade with a range
    d.weapons[6].ammo = 3; // a knife with ammunition
    delete d.weapons[4].templateRadius; // a flamer without its template
    d.weapons[3].templateRadius = 1; // a rifle with a template
    delete d.weapons[2].reliability;
    const r = validateGangs(d, 'g.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'weapons[0].range', value: '(missing)', message: 'a ranged weapon needs range' },
      { path: 'weapons[2].reliability', value: '(missing)', message: 'a ranged weapon needs reliability' },
      { path: 'weapons[3].templateRadius', value: '1', message: 'a weapon without "template" has no templateRadius' },
      { path: 'weapons[4].templateRadius', value: '(missing)', message: 'a template weapon needs templateRadius' },
      { path: 'weapons[5].range', value: '12', message: 'a grenade has no range' },
      { path: 'weapons[6].ammo', value: '3', message: 'a melee weapon has no ammo' },
    ]);
  });

  it('a fighter carrying the old close-combat skill "melee" is refused, saying why', () => {
    const d = raw();
    d.gangs[0].fighters[0].melee = 4;
    const r = validateGangs(d, 'g.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      {
        path: 'gangs[0].fighters[0].melee',
        value: '4',
        message: 'there is no close-combat skill: close combat rolls to hit against "shooting"; remove "melee"',
      },
    ]);
  });

  it('weapons beyond Strength in slots, and a weapon not in the file, are refused', () => {
    const d = raw();
    d.gangs[0].fighters[1].weapons = ['vintovka', 'granata', 'pistolet']; // 4 slots, Strength 3
    d.gangs[1].fighters[0].weapons[0] = 'bazooka';
    const r = validateGangs(d, 'g.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      {
        path: 'gangs[0].fighters[1].weapons',
        value: '["vintovka","granata","pistolet"]',
        message: 'the weapons take 4 slots, more than Strength 3',
      },
      { path: 'gangs[1].fighters[0].weapons[0]', value: '"bazooka"', message: 'no weapon "bazooka" in this file' },
    ]);
    d.gangs[0].fighters[1].weapons = ['vintovka', 'granata']; // exactly 3 slots: allowed
    d.gangs[1].fighters[0].weapons[0] = 'avtomat';
    expect(validateGangs(d, 'g.json').ok).toBe(true);
  });

  it('duplicate ids, unknown fields, bad trait mixes, a wrong format and bad JSON are refused', () => {
    const d = raw();
    d.weapons[1].id = 'pistolet';
    d.gangs[1].fighters[1].id = 'batya';
    d.gangs[0].fighters[2].luck = 1;
    d.weapons[7].traits = ['melee', 'pistol'];
    d.weapons[3].traits = ['flamer', 'flamer'];
    const r = validateGangs(d, 'f.json');
    const paths = r.ok ? [] : r.error.issues.map((i) => `${i.path}: ${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'weapons[1].id: duplicate weapon id "pistolet"',
        'gangs[1].fighters[1].id: duplicate fighter id "batya"',
        expect.stringMatching(/^gangs\[0\]\.fighters\[2\]: .*luck/),
        'weapons[7].traits: "melee" takes no other trait',
        'weapons[3].traits: a flamer is a template weapon',
        'weapons[3].traits: trait "flamer" twice',
      ]),
    );
    expect(validateGangs({ ...raw(), format: 'skirmish-ru-gangs/2' }, 'v.json').ok).toBe(false);
    expect(parseGangs('{ nope', 'x.json')).toMatchObject({ ok: false, error: { file: 'x.json' } });
  });
});
