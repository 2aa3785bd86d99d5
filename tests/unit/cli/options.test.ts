/** The battle CLI's --options: checked against a ruleset's declared set-up options, defaults filled, passed to set-up. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupOptions } from '../../../src/cli/options';
import blkout from '../../../src/rules/blkout';
import { blkoutForces } from '../../../src/rules/blkout/forces';
import fiveparsecs from '../../../src/rules/fiveparsecs';
import { fiveparsecsForces } from '../../../src/rules/fiveparsecs/forces';

const TABLE = { width: 36, depth: 36 };

describe('setupOptions (battle --options key=value,...)', () => {
  it('--options mission=acquire reaches the Five Parsecs set-up; none given: Fight Off', () => {
    const options = setupOptions('mission=acquire', fiveparsecs.play.options, 'fiveparsecs');
    expect(options).toEqual({ mission: 'acquire', crew: 'one' });
    const data = fiveparsecsForces.parse(readFileSync(fiveparsecsForces.file, 'utf8'), fiveparsecsForces.file);
    if (!data.ok) throw new Error(data.error.message);
    const s = fiveparsecs.setupByIds(TABLE, data.value, fiveparsecsForces.defaults, options);
    expect(s.mission.id).toBe('acquire');
    expect(s.mission.item).toEqual({ pos: [18, 0, 18], carrier: null, off: null });
    const plain = setupOptions(undefined, fiveparsecs.play.options, 'fiveparsecs');
    expect(plain).toEqual({ mission: 'fight-off', crew: 'one' });
    // The co-op split reaches set-up the same way.
    const coop = setupOptions('crew=two', fiveparsecs.play.options, 'fiveparsecs');
    expect(fiveparsecs.setupByIds(TABLE, data.value, fiveparsecsForces.defaults, coop).owners?.['A.pilot']).toBe(2);
    expect(fiveparsecs.setupByIds(TABLE, data.value, fiveparsecsForces.defaults, plain).mission.id).toBe('fight-off');
  });
  it("BLKOUT's special rule the same way (empty: none)", () => {
    const data = blkoutForces.parse(readFileSync(blkoutForces.file, 'utf8'), blkoutForces.file);
    if (!data.ok) throw new Error(data.error.message);
    const special = setupOptions('special=scrambling', blkout.play.options, 'blkout');
    expect(blkout.setupByIds(TABLE, data.value, blkoutForces.defaults, special).special).toBe('scrambling');
    expect(setupOptions(undefined, blkout.play.options, 'blkout')).toEqual({ special: '', burnWindows: '' });
    expect(blkout.setupByIds(TABLE, data.value, blkoutForces.defaults).special).toBeNull();
    // BURN windows: asked only when held by default; 'always' keeps hands secret (what online rooms play).
    expect(blkout.setupByIds(TABLE, data.value, blkoutForces.defaults).secretHands).toBeUndefined();
    const secret = setupOptions('burnWindows=always', blkout.play.options, 'blkout');
    expect(blkout.setupByIds(TABLE, data.value, blkoutForces.defaults, secret).secretHands).toBe(true);
  });
  it('an undeclared key, a value not among the choices, or no key=value is refused by name', () => {
    expect(() => setupOptions('mission=escort', fiveparsecs.play.options, 'fiveparsecs')).toThrow(
      '--options mission must be one of fight-off, acquire, move-through (got "escort")',
    );
    expect(() => setupOptions('turns=5', fiveparsecs.play.options, 'fiveparsecs')).toThrow(
      '--options: fiveparsecs has no option "turns" (has: mission, crew)',
    );
    expect(() => setupOptions('mission', fiveparsecs.play.options, 'fiveparsecs')).toThrow(/takes key=value/);
    expect(() => setupOptions('x=1', [], 'counterblast')).toThrow('counterblast has no option "x" (has: none)');
  });
});
