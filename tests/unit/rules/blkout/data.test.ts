import { describe, expect, it } from 'vitest';
import { parseData, parseRule, validateData } from '../../../../src/rules/blkout/data';
import { groupProblem, setupState } from '../../../../src/rules/blkout/game';
import { cards, options, shipped } from './fixture';

describe('blkout unit cards (assets/rulesets/blkout/units.json)', () => {
  it('the shipped cards validate: at least four factions with three or more force units, handlers, a BLKLIST unit and a Duster', () => {
    const d = shipped();
    expect(d.factions.length).toBeGreaterThanOrEqual(4);
    for (const f of d.factions)
      expect(d.units.filter((u) => u.faction === f.id && u.role === 'force').length).toBeGreaterThanOrEqual(3);
    expect(d.units.some((u) => u.role === 'handler')).toBe(true);
    expect(d.units.some((u) => u.role === 'blklist')).toBe(true);
    expect(d.units.some((u) => u.role === 'duster')).toBe(true);
  });

  it('a bad card is refused with the file, the field path and the value', () => {
    const d = JSON.parse(JSON.stringify(cards()));
    d.units[0].skill = 'four';
    d.units[1].weapons[0].rules = ['Lazer (2)'];
    d.units[2].weapons[0].range = [24, 12];
    const r = validateData(d, 'my-units.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.file).toBe('my-units.json');
    const paths = r.error.issues.map((i) => i.path);
    expect(paths).toContain('units[0].skill');
    expect(paths).toContain('units[1].weapons[0].rules[0]');
    expect(paths).toContain('units[2].weapons[0].range');
    expect(r.error.issues.find((i) => i.path === 'units[1].weapons[0].rules[0]')?.value).toBe('"Lazer (2)"');
    expect(r.error.message).toMatch(/my-units\.json: .*units\[0\]\.skill = "four"/);
    expect(parseData('{ nope', 'x.json')).toMatchObject({ ok: false, error: { file: 'x.json' } });
  });

  it.each([
    ['AP (2)', { name: 'AP', x: 2 }],
    ['cqb', { name: 'CQB', x: 0 }],
    ['Sustained', null],
    ['Heavy (2)', null],
  ])('rules parse with their X, and a rule that needs X without it is refused: %s', (text, rule) => {
    expect(parseRule(text)).toEqual(rule);
  });
});

describe('blkout group building (match play)', () => {
  const d = cards();
  const base = options().groups.A;
  it('a handler, one core force and three different units is legal', () => {
    expect(groupProblem(d, base)).toBeNull();
    expect(groupProblem(d, { ...base, units: ['hfr-assault-team', 'hfr-veterans', 'hfr-engineers'] })).toBeNull();
  });
  it.each([
    { what: 'two units', group: { units: ['hfr-assault-team', 'hfr-control-team'] }, problem: /exactly three/ },
    {
      what: 'a unit twice',
      group: { units: ['hfr-assault-team', 'hfr-assault-team', 'hfr-springbok'] },
      problem: /different/,
    },
    {
      what: "another faction's unit",
      group: { units: ['hfr-assault-team', 'mb-bratva', 'hfr-springbok'] },
      problem: /belongs to manticor-borz/,
    },
    { what: 'a unit as the handler', group: { handler: 'hfr-assault-team' }, problem: /not a handler/ },
    {
      what: 'no core-force unit: Strikeforce units are 0-3 of the three (legal)',
      group: { units: ['hfr-veterans', 'hfr-engineers', 'blklist-contractors'] },
      problem: null,
    },
    {
      what: 'one BLKLIST swap and a Duster (legal)',
      group: { units: ['hfr-assault-team', 'blklist-contractors', 'duster-caber'] },
      problem: null,
    },
  ])(
    'refuses the wrong count, repeats, other factions, two BLKLIST swaps, a missing handler; takes 0-3 Strikeforce units: $what',
    ({ group, problem }) => {
      expect(groupProblem(d, { ...base, ...group })).toEqual(problem && expect.stringMatching(problem));
    },
  );
  it('set-up builds grunts and specialists with their own weapons, and refuses an illegal group', () => {
    const s = setupState({ width: 36, depth: 36 }, options());
    const team = s.units.A1!;
    expect(team.name).toBe('Assault Team');
    expect(team.models.map((id) => s.models[id]!.name)).toEqual([
      'Assault Team 1',
      'Assault Team 2',
      'Assault Team Machine Gunner',
      'Assault Team Leader',
    ]);
    expect(s.models['A1.2']!.weapons.map((w) => w.name)).toEqual(['P34']);
    expect(s.models['A1.3']!.weapons.map((w) => w.name)).toEqual(['FAL-32C']);
    expect(s.cp).toEqual({ A: 3, B: 3 });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    const bad = options();
    bad.groups.B.units = ['mb-bratva'];
    expect(() => setupState({ width: 36, depth: 36 }, bad)).toThrow(/group B: a group has exactly three units/);
  });
});
