/** The rpg-attacks squads file: scores, weapon profiles, range bands, and errors naming the file, the field and the value. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  throwBand,
  SKILLS,
  SQUADS_FORMAT,
  maxRange,
  parseSquads,
  rangeBand,
  validateSquads,
  weaponById,
  type SquadsData,
} from '../../../../src/rules/rpg-attacks/data';

const FILE = 'assets/rulesets/rpg-attacks/squads.json';
const text = readFileSync(FILE, 'utf8');
/** The shipped samples, validated. */
function shipped(): SquadsData {
  const r = parseSquads(text, FILE);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
/** A fresh, editable copy of the shipped JSON. */
const raw = () => JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('rpg-attacks squads file (assets/rulesets/rpg-attacks/squads.json)', () => {
  it('two sample squads (5 and 6 characters), every score present, every weapon in the file, size 1 by default', () => {
    const d = shipped();
    expect(d.format).toBe(SQUADS_FORMAT);
    expect(d.squads.map((s) => [s.id, s.name, s.characters.length])).toEqual([
      ['kestrel-security', 'Kestrel Colony Security', 5],
      ['drowned-choir', 'The Drowned Choir (cultist cell)', 6],
    ]);
    for (const s of d.squads)
      for (const c of s.characters) {
        for (const k of SKILLS) expect(typeof c.skills[k]).toBe('number');
        for (const k of ['defense', 'willpower', 'strength', 'speed', 'armour', 'det', 'ap'] as const)
          expect(typeof c[k]).toBe('number');
        expect(c.size).toBe(1);
        for (const w of c.weapons) expect(weaponById(d, w).id).toBe(w);
      }
  });

  it("the text's own numbers: Gan's gun Auto 5 Damage 5; the frag grenade 8 smashing, Blast 1/3, Strength 3; László Strength 8", () => {
    const d = shipped();
    expect(weaponById(d, 'smg')).toMatchObject({ damage: 5, auto: 5, skill: 'projectiles', close: false });
    expect(weaponById(d, 'frag-grenade')).toMatchObject({
      damage: 8,
      damageType: 'smashing',
      grenade: true,
      blast: [1, 3],
      strengthReq: 3,
    });
    const laszlo = d.squads[0]!.characters.find((c) => c.id === 'laszlo')!;
    expect(laszlo.strength).toBe(8);
    expect(rangeBand(weaponById(d, 'frag-grenade'), 20)?.banes).toBe(1); // "20 meters away ... a ⊖ due to range"
    expect(weaponById(d, 'dread-hymn').targets).toBe('willpower');
    expect(() => weaponById(d, 'bazooka')).toThrow(/bazooka/);
  });

  it('range bands hold distances up to and including upTo; melee reaches 1 m; beyond the last band nothing', () => {
    const d = shipped();
    const pistol = weaponById(d, 'pistol');
    expect([10, 10.5, 30, 30.5, 60].map((m) => rangeBand(pistol, m)?.banes)).toEqual([0, 1, 1, 2, 2]);
    expect(rangeBand(pistol, 60.5)).toBeNull();
    expect(maxRange(pistol)).toBe(60);
    expect(rangeBand(weaponById(d, 'knife'), 1)?.banes).toBe(0);
    expect(rangeBand(weaponById(d, 'knife'), 1.01)).toBeNull();
  });

  it('a bad file is refused with the file, the field path and the value', () => {
    const d = raw();
    d.squads[0].characters[0].defense = -1;
    d.squads[0].characters[1].skills.melee = 'good';
    d.squads[0].characters[2].luck = 3;
    d.weapons[1].auto = 2.5;
    d.weapons[2].damageType = 'sonic';
    const r = validateSquads(d, 'my-squads.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.file).toBe('my-squads.json');
    expect(r.error.issues.map((i) => [i.path, i.value])).toEqual([
      ['weapons[1].auto', '2.5'],
      ['weapons[2].damageType', '"sonic"'],
      ['squads[0].characters[0].defense', '-1'],
      ['squads[0].characters[1].skills.melee', '"good"'],
      ['squads[0].characters[2]', expect.stringMatching(/^\{"id":"laszlo"/)],
    ]);
    expect(r.error.issues[4]!.message).toBe('Unrecognized key: "luck"');
    expect(r.error.message).toMatch(
      /^my-squads\.json: weapons\[1\]\.auto = 2\.5: .*; squads\[0\]\.characters\[0\]\.defense = -1: Too small/,
    );
  });

  it('the profile rules: growing range bands, a grenade with blast, no two-handed offhand, grenades thrown with Projectiles', () => {
    const d = raw();
    d.weapons[5].ranges[1].upTo = 10; // pistol: second band not beyond the first
    delete d.weapons[9].blast; // frag grenade
    d.weapons[4].offhand = true; // two-handed maul
    d.weapons[9].skill = 'melee';
    d.weapons[7].blast = [3, 1];
    const r = validateSquads(d, 'w.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'weapons[4].offhand', value: 'true', message: 'a two-handed weapon cannot be held in the offhand' },
      { path: 'weapons[5].ranges[1].upTo', value: '10', message: 'not beyond the previous band (10)' },
      { path: 'weapons[7].blast', value: '[3,1]', message: 'the secondary area is smaller than the primary' },
      { path: 'weapons[9].blast', value: '(missing)', message: 'a grenade needs blast' },
      { path: 'weapons[9].skill', value: '"melee"', message: 'a grenade is thrown with projectiles' },
    ]);
  });

  it('dual wielding: Azure holds her pistol in her offhand; the offhand weapon must be carried, may be held so, and beside a one-handed main-hand weapon', () => {
    const d = shipped();
    expect(d.squads[0]!.characters.find((c) => c.id === 'azure')!.offhand).toBe('pistol');
    const bad = raw();
    const [azure, gan, laszlo, mireille] = bad.squads[0].characters;
    azure.offhand = 'smg'; // not carried
    gan.offhand = 'smg'; // cannot be held in the offhand
    laszlo.offhand = 'baton'; // beside a two-handed carbine, a grenade and fists only
    mireille.offhand = 'pistol'; // beside a two-handed carbine and fists (her wrench taken away)
    mireille.weapons = ['carbine', 'pistol', 'fists'];
    const r = validateSquads(bad, 'o.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'squads[0].characters[0].offhand', value: '"smg"', message: 'it does not carry "smg"' },
      { path: 'squads[0].characters[1].offhand', value: '"smg"', message: '"smg" cannot be held in the offhand' },
      {
        path: 'squads[0].characters[2].offhand',
        value: '"baton"',
        message: 'dual wielding needs another one-handed weapon in the main hand',
      },
      {
        path: 'squads[0].characters[3].offhand',
        value: '"pistol"',
        message: 'dual wielding needs another one-handed weapon in the main hand',
      },
    ]);
  });

  it('improvised objects: the heavy wrench (blunt) hits as the baton under its own name; their ids and the weapons they hit as are checked', () => {
    const d = shipped();
    expect(weaponById(d, 'wrench')).toEqual({ ...weaponById(d, 'baton'), id: 'wrench', name: 'Heavy wrench' });
    const bad = raw();
    bad.improvised.push(
      { id: 'knife', name: 'Broken bottle', kind: 'edged' },
      { id: 'wrench', name: 'Spanner', kind: 'blunt' },
    );
    bad.improvisedAs.baton = 'club';
    bad.improvisedAs.knife = 'carbine';
    const r = validateSquads(bad, 'i.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'improvised[2].id', value: '"wrench"', message: 'duplicate improvised object id "wrench"' },
      { path: 'improvised[1].id', value: '"knife"', message: 'a weapon of this file is called "knife" too' },
      {
        path: 'improvisedAs.knife',
        value: '"carbine"',
        message: '"carbine" is not a one-handed melee weapon (what an object hits as)',
      },
      { path: 'improvisedAs.baton', value: '"club"', message: 'no weapon "club" in this file' },
    ]);
    // The wrench hits as the one-handed baton: beside it Mireille may hold her pistol in her offhand.
    const dual = raw();
    dual.squads[0].characters[3].offhand = 'pistol';
    expect(validateSquads(dual, 'i.json').ok).toBe(true);
    // In her offhand the wrench is checked as the baton it hits as.
    dual.squads[0].characters[3].offhand = 'wrench';
    dual.squads[0].characters[3].weapons = ['pistol', 'wrench', 'fists'];
    expect(validateSquads(dual, 'i.json').ok).toBe(true);
    dual.improvisedAs.baton = 'machete'; // one-handed, but not to be held in the offhand
    expect(validateSquads(dual, 'i.json')).toMatchObject({
      ok: false,
      error: {
        issues: [{ path: 'squads[0].characters[3].offhand', message: '"wrench" cannot be held in the offhand' }],
      },
    });
    const none = raw();
    delete none.improvisedAs;
    expect(validateSquads(none, 'i.json')).toMatchObject({
      ok: false,
      error: {
        issues: [
          { path: 'improvisedAs', message: 'improvised objects need the weapons they hit as (knife, baton, unarmed)' },
        ],
      },
    });
  });

  it('a weapon not in the file, duplicate ids, a wrong format and bad JSON are refused', () => {
    const d = raw();
    d.squads[1].characters[2].weapons[0] = 'bazooka';
    d.squads[0].characters[1].id = 'azure';
    const r = validateSquads(d, 'f.json');
    expect(r.ok ? [] : r.error.issues).toEqual([
      { path: 'squads[0].characters[1].id', value: '"azure"', message: 'duplicate character id "azure"' },
      { path: 'squads[1].characters[2].weapons[0]', value: '"bazooka"', message: 'no weapon "bazooka" in this file' },
    ]);
    d.squads[0].characters[1].id = 'gan';
    d.weapons.push({ ...d.weapons[0], name: 'Bare hands' });
    expect(validateSquads(d, 'f.json')).toMatchObject({
      ok: false,
      error: {
        message:
          'f.json: weapons[11].id = "fists": duplicate weapon id "fists"; squads[1].characters[2].weapons[0] = "bazooka": no weapon "bazooka" in this file',
      },
    });
    expect(validateSquads({ ...raw(), format: 'rpg-attacks-squads/2' }, 'v.json').ok).toBe(false);
    expect(parseSquads('{ nope', 'x.json')).toMatchObject({ ok: false, error: { file: 'x.json' } });
  });
});

describe("a thrown grenade's range bands scale with Strength (László: Strength 8, 20 m, ⊖)", () => {
  const frag = {
    grenade: true as const,
    ranges: [
      { upTo: 10, banes: 0 },
      { upTo: 25, banes: 1 },
      { upTo: 40, banes: 2 },
    ],
  };
  it.each([
    [8, 10, 0],
    [8, 10.01, 1],
    [8, 20, 1],
    [8, 25.01, 2],
    [4, 5, 0],
    [4, 5.01, 1],
    [4, 20, 2],
  ] as const)('Strength %i at %s m: %i banes', (strength, distance, banes) => {
    expect(throwBand(frag, strength, distance)?.banes).toBe(banes);
  });
  it('beyond the last band, scaled: out of reach (Strength 4: 20 m is the end, 20.01 m is not)', () => {
    expect(throwBand(frag, 4, 20.01)).toBeNull();
    // Other weapons keep their bands whatever the Strength.
    expect(throwBand({ ranges: frag.ranges }, 1, 30)?.banes).toBe(2);
  });
});
