/**
 * Mutated files, fast-check seed 22 (src/cli/soakFiles.ts): scene files through the scene parser, forces
 * files through each ruleset's parser (and, when one parses, a battle set up from it), and saves through
 * the play controller's Load game while a game is on. Each loads or gets a refusal that starts with the
 * file's name; nothing throws; a refused save leaves the current game as it was.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkForces, checkSave, checkScene, mutations, type FileVerdict } from '../../../src/cli/soakFiles';
import { PLAYABLE, playableEntry } from '../../support/startStates';
import { fromDisk, playOnSandbox } from '../../support/playSetup';
import { savedBattle } from '../../support/saveSessions';
import { en, english } from '../../support/words';

const RUNS = 300;

/** Tallies verdicts; a problem fails the property with its text. */
function tally() {
  const counts = { loaded: 0, refused: 0 };
  return {
    counts,
    see(v: FileVerdict) {
      if (v.kind === 'problem') expect.fail(v.problem);
      counts[v.kind]++;
    },
  };
}

describe('mutated files (fc seed 22)', () => {
  it(`${RUNS} mutated copies of the default scene through the loader: each loads, or is refused naming the file and the field with the table's scene kept`, async () => {
    const scene = JSON.parse(readFileSync('assets/scenarios/default.json', 'utf8')) as unknown;
    const { store } = playOnSandbox();
    const t = tally();
    await fc.assert(
      fc.asyncProperty(mutations(scene), async (m) => t.see(await checkScene(m, store, fromDisk))),
      { seed: 22, numRuns: RUNS },
    );
    expect(t.counts.refused).toBeGreaterThan(RUNS / 2);
  });

  it(`${RUNS} mutated forces files across the rulesets: each loads and sets a battle up, or is refused naming the file`, async () => {
    const bases = PLAYABLE.map((e) => ({ entry: e, json: JSON.parse(readFileSync(e.forces.file, 'utf8')) as unknown }));
    const t = tally();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...bases.map((b) => mutations(b.json).map((m) => ({ entry: b.entry, m })))),
        async ({ entry, m }) => t.see(await checkForces(entry, m)),
      ),
      { seed: 22, numRuns: RUNS },
    );
    expect(t.counts.refused).toBeGreaterThan(RUNS / 2);
    expect(t.counts.loaded).toBeGreaterThan(0);
  });

  it(`${RUNS} mutated saves across the rulesets: each loads, or is refused naming the file with the current game untouched`, async () => {
    const saves = await Promise.all(PLAYABLE.map((e) => savedBattle(e, 12)));
    // The current game: the rpg-attacks battle, loaded in the first session's controller.
    const session = saves[0]!;
    const current = saves[saves.length - 1]!.text;
    const restore = async () => {
      const r = await session.play.loadText(current, 'current.json');
      if (!r.ok) throw new Error(en(r.reason));
    };
    await restore();
    for (const s of saves) expect(await s.play.loadText(s.text, 'base.json')).toEqual({ ok: true });
    const t = tally();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...saves.map((s) => mutations(JSON.parse(s.text)))), async (m) =>
        t.see(await checkSave(session, m, restore)),
      ),
      { seed: 22, numRuns: RUNS },
    );
    expect(t.counts.refused).toBeGreaterThan(RUNS / 2);
  });
});

describe('a save whose log replays but whose state the ruleset cannot read (found by the property above)', () => {
  it('is refused naming the file, and the current game stays', async () => {
    const current = await savedBattle(playableEntry('rpg-attacks'), 6);
    // No moves: the log replays whatever the state holds, so only reading the state can fail.
    const other = await savedBattle(playableEntry('skirmish-ru'), 0);
    expect(await current.play.loadText(current.text, 'current.json')).toEqual({ ok: true });
    const before = current.play.match();
    const bad = JSON.parse(other.text) as { initial: { state: { fighters: Record<string, { weapons: unknown }> } } };
    for (const f of Object.values(bad.initial.state.fighters)) f.weapons = {};
    const r = await current.play.loadText(JSON.stringify(bad), 'edited.json');
    expect(english(r)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^edited\.json: initial\.state cannot be played: /),
    });
    expect(current.play.match()).toEqual(before);
  });
});
