/** The set-up's deployments: lines 30" apart (the default) and close quarters 6" apart, both clear of the outpost's pieces. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSceneText } from '../../../../src/io/sceneFile';
import { worldQueries } from '../../../../src/state/worldQueries';
import { BASE_MM, DEPLOYMENTS, HEIGHT, setupState, TABLE } from '../../../../src/rules/rpg-attacks/game';
import { deploymentOf } from '../../../../src/rules/rpg-attacks/forces';
import { rpgAttacksPlay, RPG_TABLE } from '../../../../src/rules/rpg-attacks/play';
import { squads } from './fixture';

const lineOf = (deployment?: 'lines' | 'close', pair: [string, string] = ['kestrel-security', 'drowned-choir']) => {
  const s = setupState(TABLE, { data: squads(), squads: pair, ...(deployment ? { deployment } : {}) });
  const z = (side: string) => [
    ...new Set(
      Object.values(s.chars)
        .filter((c) => c.side === side)
        .map((c) => c.pos[2]),
    ),
  ];
  return { A: z('A'), B: z('B'), chars: Object.values(s.chars) };
};

describe('rpg-attacks deployments', () => {
  it('lines (the default): A 3" in from the south edge (z 33), B from the north (z 3); close quarters: z 21 and z 15, 6" apart', () => {
    expect(lineOf()).toMatchObject({ A: [33], B: [3] });
    expect(lineOf('lines')).toMatchObject({ A: [33], B: [3] });
    expect(lineOf('close')).toMatchObject({ A: [21], B: [15] });
    expect(DEPLOYMENTS).toEqual({ lines: 3, close: 15 });
  });

  it('the set-up option reads "lines" or "close"; anything else is refused naming the value', () => {
    expect(deploymentOf(undefined)).toBe('lines');
    expect(deploymentOf('close')).toBe('close');
    expect(() => deploymentOf('ambush')).toThrow('deployment must be one of lines, close (got "ambush")');
    const option = rpgAttacksPlay.options?.find((o) => o.id === 'deployment');
    expect(option?.choices.map((c) => c.value)).toEqual(['lines', 'close']);
    const s = rpgAttacksPlay.setup(
      TABLE,
      squads(),
      { A: { id: 'kestrel-security' }, B: { id: 'drowned-choir' } } as never,
      {
        deployment: 'close',
      },
    );
    expect(s.chars['A.azure']!.pos[2]).toBe(21);
  });

  it.each(['lines', 'close'] as const)(
    'every character of either squad, on either side, stands on the ground of the outpost (%s)',
    (d) => {
      const scene = parseSceneText(readFileSync(RPG_TABLE.file, 'utf8'), RPG_TABLE.file);
      if (!scene.ok) throw new Error(scene.error.message);
      const q = worldQueries(scene.value, () => undefined).at({ models: {}, smoke: [] });
      for (const pair of [
        ['kestrel-security', 'drowned-choir'],
        ['drowned-choir', 'kestrel-security'],
      ] as [string, string][])
        for (const c of lineOf(d, pair).chars)
          expect(q.standProblem(BASE_MM, HEIGHT, c.pos[0]!, c.pos[2]!, 5), `${c.id} at ${c.pos.join(', ')}`).toBeNull();
    },
  );
});
