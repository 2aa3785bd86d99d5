import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { crews } from './fixture';
import { addModel, crewProblem, removeModel, roster } from '../../../../src/rules/counterblast/builder';
import { crewPoints, validateCrews } from '../../../../src/rules/counterblast/data';

describe('counterblast crew builder', () => {
  it('the roster is every distinct card of the crews file (numbered copies are one card)', () => {
    const r = roster(crews());
    expect(r.map((m) => m.id)).toEqual([
      'boss',
      'medic',
      'gunner',
      'loader',
      'scout',
      'enforcer',
      'sniper',
      'thug',
      'firebug',
      'hound',
    ]);
  });

  it("a different card whose id comes to the same as another's is listed under its crew's id too", () => {
    const data = crews();
    const [a, b] = data.crews;
    // B fields a medic of its own (other numbers than A's Doc Ruiz), twice, and two different acolytes.
    const medic = { ...a!.models.find((m) => m.id === 'medic')!, knack: 2, points: 40 };
    const acolyte = { ...medic, name: 'Acolyte', knack: 1 };
    const own = {
      ...data,
      crews: [
        a!,
        {
          ...b!,
          models: [
            ...b!.models,
            { ...medic, id: 'medic-1' },
            { ...medic, id: 'medic-2' },
            { ...acolyte, id: 'acolyte-1' },
            { ...acolyte, id: 'acolyte-2', knack: 3 },
          ],
        },
      ],
    };
    const r = roster(own);
    const ids = r.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(-3)).toEqual([`medic-${b!.id}`, 'acolyte', `acolyte-${b!.id}`]);
    expect(r.find((m) => m.id === 'medic')!.knack).toBe(a!.models.find((m) => m.id === 'medic')!.knack);
    expect(r.find((m) => m.id === `medic-${b!.id}`)!.knack).toBe(2);
    expect(r.find((m) => m.id === `acolyte-${b!.id}`)!.knack).toBe(3);
  });

  it('adding a card twice numbers the copy; removing takes one out; points follow', () => {
    const data = crews();
    const gunner = roster(data).find((m) => m.id === 'gunner')!;
    let crew = { id: 'mine', name: 'My crew', models: [] as (typeof gunner)[] };
    expect(en(crewProblem(crew)!)).toMatch(/no models/);
    crew = addModel(addModel(crew, gunner), gunner);
    expect(crew.models.map((m) => m.id)).toEqual(['gunner', 'gunner-2']);
    expect(crewPoints(crew)).toBe(120);
    crew = removeModel(crew, 0);
    expect(crew.models.map((m) => m.id)).toEqual(['gunner-2']);
    // What the builder makes is a valid crews file entry.
    expect(validateCrews({ format: 'counterblast-crews/1', crews: [crew] }, 'built.json').ok).toBe(true);
  });

  it('a crew over the game points, or with a Character twice, is refused with the reason', () => {
    const data = crews();
    const rust = data.crews[0]!;
    expect(crewProblem(rust)).toBeNull();
    const boss = rust.models.find((m) => m.character)!;
    expect(
      en(
        crewProblem(
          addModel(
            rust,
            rust.models.find((m) => m.id === 'gunner-1')!,
          ),
        )!,
      ),
    ).toMatch(/560 points: over the game's 500/);
    expect(
      crewProblem(
        addModel(
          rust,
          rust.models.find((m) => m.id === 'gunner-1')!,
        ),
        600,
      ),
    ).toBeNull();
    const twice = addModel({ ...rust, models: [boss] }, boss);
    expect(en(crewProblem(twice)!)).toMatch(/Character .* twice/);
  });
});
