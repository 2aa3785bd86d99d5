/**
 * One set-up path: the battle CLI (force ids on the command line) and the app's set-up panel (forces built
 * in the panel) build a match through the same `setup`, so the same seed, forces and options give the same
 * state hash in both, for every ruleset of the list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupOptions } from '../../../src/cli/options';
import { newMatch, stateHash } from '../../../src/rules/engine/match';
import { RULESETS } from '../../../src/rulesetsLoaded';
import { playSession } from '../../support/playSetup';

describe.each(RULESETS.map((r) => [r.id, r] as const))('%s', (id, entry) => {
  it('the CLI and the app start the same match from the same seed, forces and options', async () => {
    const seed = 4;
    // The CLI: its default forces file, the force ids, the options' defaults, on the ruleset's first table.
    const data = entry.forces.parse(readFileSync(entry.forces.file, 'utf8'), entry.forces.file);
    if (!data.ok) throw new Error(data.error.message);
    const table = (entry.play.tables[0]!.scene as { table: { width: number; depth: number } }).table;
    const cli = entry.setupByIds(
      table,
      data.value,
      entry.forces.defaults,
      setupOptions(undefined, entry.play.options, id),
    );
    // The app: the panel's preset forces, picked by the same ids, started with both seats human.
    const s = playSession(id);
    expect(await s.play.start({ rules: id, seed, seats: { A: 'human', B: 'human' } })).toEqual({ ok: true });
    const app = s.view().match;
    expect(stateHash(app)).toBe(stateHash(newMatch(entry.engine, cli, seed)));
    expect(app.initial.state).toEqual(cli);
    s.play.stop();
  });
});
