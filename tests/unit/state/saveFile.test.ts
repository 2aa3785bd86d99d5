import { describe, expect, it } from 'vitest';
import { rngState } from '../../../src/rules/dice/rng';
import { stateHash } from '../../../src/rules/engine/match';
import { RULESETS } from '../../../src/rulesetsLoaded';
import {
  isSavedGame,
  readSave,
  resumeLabel,
  roundOf,
  SAVE_FORMAT,
  SAVE_FORMAT_V1,
  SAVE_VERSION,
} from '../../../src/state/saveFile';
import { playSession } from '../../support/playSetup';
import { en } from '../../support/words';

/** A hotseat BLKOUT match (seed 7) with its first hardpoint placed: the store, the controller, its save text. */
async function oneMove() {
  const s = playSession('blkout');
  expect(await s.play.start({ seed: 7, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
  expect(await s.play.clickTable(10, 0, 10)).toEqual({ ok: true });
  const hash = () => stateHash(s.store.getState().play!.match);
  return { ...s, hash, text: s.play.saveText()! };
}

const edit = (text: string, f: (o: Record<string, unknown>) => void) => {
  const o = JSON.parse(text) as Record<string, unknown>;
  f(o);
  return JSON.stringify(o);
};

describe('saved-game files with a version (saveFile.ts)', () => {
  it('a save is version 2: the ruleset name, the round, when, the hash; it loads back to the same hash', async () => {
    const { play, hash, text, store } = await oneMove();
    const o = JSON.parse(text) as Record<string, unknown>;
    expect(o).toMatchObject({ format: SAVE_FORMAT, version: SAVE_VERSION, rules: 'blkout', name: 'BLKOUT', round: 0 });
    expect(o.hash).toBe(hash());
    expect(Date.parse(o.savedAt as string)).not.toBeNaN();
    expect((o.log as unknown[]).length).toBe(1);
    const before = hash();
    const other = playSession('blkout');
    expect(await other.play.loadText(text, 'game.json')).toEqual({ ok: true });
    expect(stateHash(other.store.getState().play!.match)).toBe(before);
    expect(other.store.getState().play!.match.log).toEqual(store.getState().play!.match.log);
    play.stop();
    other.play.stop();
  });

  it('keeps the AI strength: a Hard match saves "level": "hard" and loads back Hard; a Normal one writes none; a bad one is refused naming it', async () => {
    const s = playSession('blkout');
    expect(await s.play.start({ seed: 7, level: 'hard' })).toEqual({ ok: true });
    const text = s.play.saveText()!;
    expect(JSON.parse(text).level).toBe('hard');
    const other = playSession('blkout');
    expect(await other.play.loadText(text, 'hard.json')).toEqual({ ok: true });
    expect(other.store.getState().play!.level).toBe('hard');
    expect(await s.play.start({ seed: 7 })).toEqual({ ok: true });
    expect(JSON.parse(s.play.saveText()!)).not.toHaveProperty('level');
    const r = readSave(
      edit(text, (o) => (o.level = 'expert')),
      'bad.json',
    );
    expect(r).toEqual({ ok: false, error: 'bad.json: level must be one of "easy", "normal", "hard" (got "expert")' });
    const started = await s.play.start({ seed: 7, level: 'expert' as never });
    expect(started.ok).toBe(false);
    expect(!started.ok && en(started.reason)).toBe(
      'the AI strength must be one of "easy", "normal", "hard" (got "expert")',
    );
    s.play.stop();
    other.play.stop();
  });

  it('a version 1 save (tabletop-match/1, forces under "groups") is migrated: it loads, with no hash to check', async () => {
    const { play, hash, text } = await oneMove();
    const v1 = edit(text, (o) => {
      o.format = SAVE_FORMAT_V1;
      o.groups = o.forces;
      for (const k of ['version', 'name', 'round', 'savedAt', 'hash', 'forces']) delete o[k];
    });
    const r = readSave(v1, 'old.json');
    expect(r.ok && r.value.version).toBe(1);
    expect(r.ok && r.value.saved.hash).toBeNull();
    expect(r.ok && r.value.summary).toEqual({ rules: 'blkout', name: 'BLKOUT', round: null, savedAt: null, moves: 1 });
    expect(r.ok && r.value.forces).toEqual(JSON.parse(text).forces);
    expect(isSavedGame(v1)).toBe(true);
    const other = playSession('blkout');
    expect(await other.play.loadText(v1, 'old.json')).toEqual({ ok: true });
    expect(stateHash(other.store.getState().play!.match)).toBe(hash());
    expect(other.store.getState().play!.forces).toEqual(JSON.parse(text).forces);
    play.stop();
    other.play.stop();
  });

  it('a save from a newer version is refused with the version; the game in progress stays', async () => {
    const { play, hash, text } = await oneMove();
    const before = hash();
    const v3 = edit(text, (o) => (o.version = 3));
    expect(isSavedGame(v3)).toBe(true);
    expect(await play.loadText(v3, 'new.json')).toEqual({
      ok: false,
      reason: 'new.json: saved by version 3; this app reads up to 2',
    });
    const slash = edit(text, (o) => {
      o.format = 'tabletop-match/7';
      delete o.version;
    });
    expect(await play.loadText(slash, 'slash.json')).toEqual({
      ok: false,
      reason: 'slash.json: saved by version 7; this app reads up to 2',
    });
    expect(hash()).toBe(before);
    play.stop();
  });

  it('a malformed version or format is refused naming the field and the value', async () => {
    const { play, hash, text } = await oneMove();
    const before = hash();
    const cases: [unknown, string][] = [
      ['2', 'version must be a whole number from 1 up (got "2")'],
      [1.5, 'version must be a whole number from 1 up (got 1.5)'],
      [0, 'version must be a whole number from 1 up (got 0)'],
      [undefined, 'version must be a whole number from 1 up (got undefined)'],
    ];
    for (const [version, reason] of cases) {
      expect(
        await play.loadText(
          edit(text, (o) => (o.version = version)),
          'v.json',
        ),
      ).toEqual({
        ok: false,
        reason: `v.json: ${reason}`,
      });
    }
    expect(
      readSave(
        edit(text, (o) => (o.format = 'tabletop-scene/1')),
        'f.json',
      ),
    ).toEqual({
      ok: false,
      error: 'f.json: format must be "tabletop-match" (got "tabletop-scene/1")',
    });
    expect(
      readSave(
        edit(text, (o) => (o.hash = 'nope')),
        'h.json',
      ),
    ).toEqual({
      ok: false,
      error: 'h.json: hash must be 8 hex digits or null (got "nope")',
    });
    expect(
      readSave(
        edit(text, (o) => (o.savedAt = 'yesterday')),
        's.json',
      ),
    ).toEqual({
      ok: false,
      error: 's.json: savedAt must be a date and time (got "yesterday")',
    });
    expect(
      readSave(
        edit(text, (o) => (o.round = -1)),
        'r.json',
      ),
    ).toEqual({
      ok: false,
      error: 'r.json: round must be a whole number from 0 up or null (got -1)',
    });
    expect(readSave('[1]', 'a.json')).toEqual({ ok: false, error: 'a.json: a saved game is a JSON object' });
    expect(hash()).toBe(before);
    play.stop();
  });

  it('a save whose replay does not give the saved hash is refused with both hashes; the game in progress stays', async () => {
    const { play, hash, text } = await oneMove();
    const before = hash();
    const wrongHash = edit(text, (o) => (o.hash = '00000000'));
    expect(await play.loadText(wrongHash, 'hash.json')).toEqual({
      ok: false,
      reason: `hash.json: the replayed game does not match the save (state hash ${before}, saved 00000000); it was saved by other rules or edited`,
    });
    // An edited seed: the log still replays, but the dice are not the saved game's.
    const reseeded = edit(text, (o) => ((o.initial as { rng: unknown }).rng = rngState(8)));
    const r = await play.loadText(reseeded, 'seed.json');
    expect(!r.ok && r.reason).toMatch(
      /^seed\.json: the replayed game does not match the save \(state hash [0-9a-f]{8}, saved /,
    );
    expect(hash()).toBe(before);
    // The same edit without the hash (a position edited by hand) is not checked: it loads.
    const unchecked = edit(reseeded, (o) => delete o.hash);
    expect(await play.loadText(unchecked, 'puzzle.json')).toEqual({ ok: true });
    expect(hash()).not.toBe(before);
    play.stop();
  });

  it('the resume offer reads the round from each ruleset (its battle summary): for all five rulesets', async () => {
    const roundField: Record<string, string> = {
      blkout: 'round',
      counterblast: 'turn',
      fiveparsecs: 'round',
      'skirmish-ru': 'round',
      'rpg-attacks': 'round',
    };
    for (const entry of RULESETS) {
      const s = playSession(entry.id);
      expect(await s.play.start({ rules: entry.id })).toEqual({ ok: true });
      const state = s.store.getState().play!.match.state as Record<string, unknown>;
      const field = roundField[entry.id]!;
      expect(typeof state[field]).toBe('number');
      expect(roundOf(entry.id, state)).toBe(state[field]);
      expect(roundOf(entry.id, { ...state, [field]: 4 })).toBe(4);
      const r = readSave(s.play.saveText()!, `${entry.id}.json`);
      expect(r.ok && r.value.summary).toMatchObject({ rules: entry.id, name: entry.name, round: state[field] });
      s.play.stop();
    }
    expect(Object.keys(roundField).sort()).toEqual(RULESETS.map((r) => r.id).sort());
  });

  it('the offer words: round N, before round 1, or no round for a version 1 save', () => {
    const base = { rules: 'blkout', name: 'BLKOUT', savedAt: null, moves: 3 };
    expect(en(resumeLabel({ ...base, round: 2 }))).toBe('Resume BLKOUT match, round 2');
    expect(en(resumeLabel({ ...base, round: 0 }))).toBe('Resume BLKOUT match, before round 1');
    expect(en(resumeLabel({ ...base, round: null }))).toBe('Resume BLKOUT match');
  });

  it('isSavedGame: any tabletop-match version, not a scene or other text', () => {
    expect(isSavedGame('{"format":"tabletop-match","version":2}')).toBe(true);
    expect(isSavedGame('{"format":"tabletop-match/1"}')).toBe(true);
    expect(isSavedGame('{"format":"tabletop-scene/1","table":{"width":24,"depth":24}}')).toBe(false);
    expect(isSavedGame('{"format":"tabletop-matches"}')).toBe(false);
    expect(isSavedGame('not json')).toBe(false);
  });
});
