import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'geo-cli-'));
const scenePath = join(dir, 'scene.json');
writeFileSync(
  scenePath,
  JSON.stringify({
    format: 'tabletop-scene/1',
    table: { width: 24, depth: 24 },
    terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 2, 12], size: [0.5, 4, 10] }],
    models: [
      { id: 'a', side: 'A', position: [6, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1 },
      { id: 'b', side: 'B', position: [18, 0, 12], base: { shape: 'round', diameterMm: 25 }, height: 1 },
    ],
  }),
);

function geo(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/geo.ts', ...args], { encoding: 'utf8' });
}

describe('geo CLI', () => {
  it('los prints one entry per ordered pair with the documented keys', () => {
    const out = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/geo.ts', 'los', scenePath, '--samples', '512'], {
        encoding: 'utf8',
      }),
    );
    expect(out.pairs).toHaveLength(2);
    const keys = [
      'viewer',
      'target',
      'distance',
      'hasLos',
      'visibleFraction',
      'hidden',
      'coverPieces',
      'smokeBlocked',
      'viewerInStructure',
      'targetInStructure',
      'heightDifference',
      'viaLeanOut',
    ];
    for (const k of keys) expect(out.pairs[0]).toHaveProperty(k);
    expect(out.pairs[0]).toMatchObject({
      viewer: 'a',
      target: 'b',
      hasLos: false,
      visibleFraction: 0,
      coverPieces: [{ id: 'wall', share: 1 }],
    });
  });

  it('measure and drop answer single questions', () => {
    const m = JSON.parse(geo('measure', scenePath, 'a', 'b').stdout);
    expect(m.distance).toBeCloseTo(12 - 25 / 25.4, 3);
    const d = JSON.parse(geo('drop', scenePath, '12', '5', '12').stdout);
    expect(d.dropHeight).toBeCloseTo(1, 4);
    // A 25 mm base cannot stand on the 0.5"-thick wall top: it lands on the table beside the wall.
    expect(d.landing.fall).toBeCloseTo(5, 4);
    expect(Math.abs(d.landing.position[0] - 12)).toBeGreaterThanOrEqual(0.25 + 25 / 25.4 / 2 - 1e-3);
  });

  it('a broken scene prints its validation error and exits non-zero; bad arguments print usage', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'tabletop-scene/1', table: { width: -1, depth: 24 } }));
    const r = geo('los', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('table.width');
    const u = geo('fly', scenePath);
    expect(u.status).toBe(2);
    expect(u.stderr).toContain('usage:');
    expect(geo('measure', scenePath, 'a', 'zz').stderr).toContain('no model with id "zz"');
  });
  it('los --rules blkout adds the table verdict to each pair; the wall hides both models completely', () => {
    const out = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/geo.ts', 'los', scenePath, '--rules', 'blkout'], {
        encoding: 'utf8',
      }),
    );
    expect(out.pairs[0].verdict).toMatchObject({ los: false, dice: 0 });
    expect(geo('los', scenePath, '--rules', 'chess').status).toBe(2);
  });
  it('los --rules counterblast adds the Counterblast verdict: no line of sight, obscured, heavy cover behind the wall', () => {
    const out = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/geo.ts', 'los', scenePath, '--rules', 'counterblast'],
        { encoding: 'utf8' },
      ),
    );
    expect(out.pairs[0].verdict).toEqual({ los: false, obscured: true, cover: 'heavy' });
  });
});
