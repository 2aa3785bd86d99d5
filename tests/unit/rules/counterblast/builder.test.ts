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
