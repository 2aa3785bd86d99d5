/** The forces descriptor: the shipped file, the refusals naming file, field and value, the ids, defaults, problems and set-up. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiveparsecsForces as forcesOf } from '../../../../src/rules/fiveparsecs/forces';
import fiveparsecs from '../../../../src/rules/fiveparsecs';
import { TABLE } from '../../../../src/rules/fiveparsecs/game';
import { forces, fresh } from './fixture';

const shippedText = readFileSync(forcesOf.file, 'utf8');

describe('Five Parsecs forces descriptor', () => {
  it('the shipped file parses; its ids are the crew, then the five enemy types', () => {
    expect(forcesOf.file).toBe('assets/rulesets/fiveparsecs/forces.json');
    const r = forcesOf.parse(shippedText, forcesOf.file);
    if (!r.ok) throw new Error(r.error.message);
    expect(forcesOf.ids(r.value)).toEqual([
      'dusty-comet',
      'gangers',
      'raiders',
      'psychos',
      'black-ops-team',
      'war-bots',
    ]);
  });

  it('a bad file is refused naming the file, the field and the value', () => {
    const bad = JSON.parse(shippedText) as { enemies: { panic: number }[] };
    bad.enemies[1]!.panic = 9;
    const r = forcesOf.parse(JSON.stringify(bad), 'mine.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('mine.json: enemies[1].panic = 9: Too big: expected number to be <=5');
    const notJson = forcesOf.parse('{ nope', 'broken.json');
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.error.message).toMatch(/broken\.json/);
  });

  it('defaults: the sample crew against Gangers, both legal', () => {
    expect(forcesOf.defaults).toEqual({ A: 'dusty-comet', B: 'gangers' });
    const d = forces();
    expect(forcesOf.problem(d, forcesOf.defaults.A, 'A')).toBeNull();
    expect(forcesOf.problem(d, forcesOf.defaults.B, 'B')).toBeNull();
  });

  it('problem(): A fields a crew, B an enemy type; the wrong kind and unknown ids are refused with the list', () => {
    const d = forces();
    expect(forcesOf.problem(d, 'war-bots', 'B')).toBeNull();
    expect(forcesOf.problem(d, 'gangers', 'A')).toBe(
      'no crew "gangers" in the forces file (have: dusty-comet) ("gangers" is an enemy type: side B fields it)',
    );
    expect(forcesOf.problem(d, 'dusty-comet', 'B')).toBe(
      'no enemy type "dusty-comet" in the forces file (have: gangers, raiders, psychos, black-ops-team, war-bots) ("dusty-comet" is a crew: side A fields it)',
    );
    expect(forcesOf.problem(d, 'pirates', 'B')).toBe(
      'no enemy type "pirates" in the forces file (have: gangers, raiders, psychos, black-ops-team, war-bots)',
    );
    // Without a side (older callers): either kind is legal.
    expect(forcesOf.problem(d, 'gangers')).toBeNull();
    expect(forcesOf.problem(d, 'dusty-comet')).toBeNull();
    expect(forcesOf.problem(d, 'pirates')).toBe(
      'no crew or enemy type "pirates" in the forces file (crews: dusty-comet; enemy types: gangers, raiders, psychos, black-ops-team, war-bots)',
    );
  });

  it("the CLI's set-up by ids is the app's set-up by forces, and the tests' fresh battle", () => {
    const d = forces();
    const s = fiveparsecs.setupByIds(TABLE, d, { A: 'dusty-comet', B: 'gangers' });
    expect(s).toEqual(fresh());
    expect(s).toEqual(
      fiveparsecs.setup(TABLE, d, { A: { kind: 'crew', id: 'dusty-comet' }, B: { kind: 'enemy', id: 'gangers' } }),
    );
    expect(s.phase).toBe('seize');
    expect(Object.keys(s.figures).filter((id) => id.startsWith('B.'))).toHaveLength(8);
  });

  it('set-up with War Bots (Numbers 0): six of them, Fearless, save 5+, on the north line', () => {
    const s = fiveparsecs.setupByIds(TABLE, forces(), { A: 'dusty-comet', B: 'war-bots' });
    const bots = Object.values(s.figures).filter((f) => f.side === 'B');
    expect(bots.map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `B.war-bots-${i}`));
    expect(bots.every((f) => f.fearless && f.save === 5 && f.pos[2] === 3)).toBe(true);
    expect(s.enemy).toMatchObject({ type: 'war-bots', ai: 'aggressive' });
  });
});
