import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cachedMesh } from '../../../src/io/meshCache';
import { rulesetOf } from '../../../src/rulesetsLoaded';
import type { FpState } from '../../../src/rules/fiveparsecs/game';
import type { RpgState } from '../../../src/rules/rpg-attacks/game';
import { sceneOf } from '../../../src/state/playView';
import { playOnSandbox, sandbox } from '../../support/playSetup';

const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** The Five Parsecs forces file with every crew figure and every enemy type given `mesh`. */
function fiveParsecsForces(mesh: string): Record<string, unknown> {
  const d = json('assets/rulesets/fiveparsecs/forces.json');
  const crews = (d.crews as { figures: object[] }[]).map((c) => ({
    ...c,
    figures: c.figures.map((f) => ({ ...f, mesh })),
  }));
  return { ...d, crews, enemies: (d.enemies as object[]).map((e) => ({ ...e, mesh })) };
}

/** The skirmish-ru gangs file with every fighter given `mesh`. */
function skirmishGangs(mesh: string): Record<string, unknown> {
  const d = json('assets/rulesets/skirmish-ru/gangs.json');
  const gangs = (d.gangs as { fighters: object[] }[]).map((g) => ({
    ...g,
    fighters: g.fighters.map((f) => ({ ...f, mesh })),
  }));
  return { ...d, gangs };
}

/** The rpg-attacks squads file with every character given `mesh`. */
function rpgSquads(mesh: string): Record<string, unknown> {
  const d = json('assets/rulesets/rpg-attacks/squads.json');
  const squads = (d.squads as { characters: object[] }[]).map((q) => ({
    ...q,
    characters: q.characters.map((c) => ({ ...c, mesh })),
  }));
  return { ...d, squads };
}

const CASES = [
  { rules: 'fiveparsecs', data: fiveParsecsForces, field: /crews\[0\]\.figures\[0\]\.mesh/ },
  { rules: 'skirmish-ru', data: skirmishGangs, field: /gangs\[0\]\.fighters\[0\]\.mesh/ },
  { rules: 'rpg-attacks', data: rpgSquads, field: /squads\[0\]\.characters\[0\]\.mesh/ },
] as const;

/** The models the table draws (those its layout places) of the match in play. */
const drawn = (rules: string, state: unknown): string[] =>
  (sceneOf(sandbox, rulesetOf(rules).play.table(state)).models ?? []).map((m) => m.id);

describe.each(CASES)('$rules: a model’s own mesh from the forces data', ({ rules, data, field }) => {
  const descriptor = rulesetOf(rules).play;

  it('a mesh that is not a .glb, .gltf or .stl file is refused, naming its field path', () => {
    const r = descriptor.forces.validate(data('trooper.png'), 'forces.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(field);
      expect(r.error.message).toContain('must name a .glb, .gltf or .stl file');
    }
  });

  it('a mesh file that cannot be read refuses the match, naming the model and file; the table stays', async () => {
    const { store, play } = playOnSandbox();
    const r = await play.start({ rules, seed: 3, data: data('assets/miniatures/missing.glb') });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/^forces data: mesh of model "[^"]+" \("assets\/miniatures\/missing\.glb"\)/);
      expect(r.reason).toContain('could not be read');
    }
    expect(store.getState().play).toBeNull();
    expect(store.getState().scene).toEqual(sandbox);
  });

  it('a readable mesh is loaded and every model on the table carries it to the scene', async () => {
    const { store, play } = playOnSandbox();
    expect(await play.start({ rules, seed: 3, data: data('assets/terrain/crates.stl') })).toEqual({ ok: true });
    const state = store.getState().play!.match.state;
    expect(cachedMesh('assets/terrain/crates.stl')).toBeDefined();
    const scene = sceneOf(sandbox, descriptor.table(state));
    const ids = drawn(rules, state);
    expect(ids.length).toBeGreaterThan(1);
    expect(scene.models?.length).toBe(ids.length);
    for (const m of scene.models ?? []) expect(m.mesh).toBe('assets/terrain/crates.stl');
    // The default data names no mesh: no model carries one.
    play.stop();
    expect(await play.start({ rules, seed: 3 })).toEqual({ ok: true });
    expect(descriptor.table(store.getState().play!.match.state).meshes).toEqual({});
    play.stop();
  });
});

describe('poses of the Five Parsecs and rpg-attacks figures', () => {
  it('Five Parsecs: a figure with a Stun marker is pinned; standing figures and casualties have no pose', async () => {
    const { store, play } = playOnSandbox();
    await play.start({ rules: 'fiveparsecs', seed: 3 });
    const fp = rulesetOf('fiveparsecs').play;
    const state = store.getState().play!.match.state as FpState;
    expect(fp.table(state).poses).toEqual({});
    const [a, b, c] = Object.keys(state.figures);
    const posed: FpState = {
      ...state,
      figures: {
        ...state.figures,
        [a!]: { ...state.figures[a!]!, stun: 1 },
        [b!]: { ...state.figures[b!]!, stun: 2 },
        // Knocked out (its third Stun) leaves the table: no pose, and the table no longer draws it.
        [c!]: { ...state.figures[c!]!, stun: 3, out: 'knocked-out' },
      },
    };
    expect(fp.table(posed).poses).toEqual({ [a!]: 'pinned', [b!]: 'pinned' });
    expect(drawn('fiveparsecs', posed)).not.toContain(c);
    play.stop();
  });

  it('rpg-attacks: down and unconscious are down, prone is prone, held at 3 grapple Hindered is pinned', async () => {
    const { store, play } = playOnSandbox();
    await play.start({ rules: 'rpg-attacks', seed: 3 });
    const rpg = rulesetOf('rpg-attacks').play;
    const state = store.getState().play!.match.state as RpgState;
    expect(rpg.table(state).poses).toEqual({});
    const ids = Object.keys(state.chars).sort();
    const [a, b, c, d, e] = ids;
    const foe = ids.find((id) => id.startsWith('B.'))!;
    const held = (n: number) => Array.from({ length: n }, () => ({ by: foe, cause: 'grapple' as const }));
    const cond = (id: string, over: Partial<RpgState['chars'][string]['condition']>) => ({
      ...state.chars[id]!,
      condition: { ...state.chars[id]!.condition, ...over },
    });
    const posed: RpgState = {
      ...state,
      chars: {
        ...state.chars,
        [a!]: cond(a!, { down: true, prone: true }),
        [b!]: cond(b!, { unconsciousHours: 2 }),
        [c!]: cond(c!, { prone: true }),
        [d!]: cond(d!, { hindered: held(3) }),
        // Two Hindered from a grapple: held but not pinned, still standing.
        [e!]: cond(e!, { hindered: held(2) }),
      },
    };
    expect(rpg.table(posed).poses).toEqual({ [a!]: 'down', [b!]: 'down', [c!]: 'prone', [d!]: 'pinned' });
    play.stop();
  });
});
