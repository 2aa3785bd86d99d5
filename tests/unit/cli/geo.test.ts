import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGeo } from '../../../src/cli/geoRun';

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

/** A 25 mm round base 1" tall, as a scene file's model. */
const figure = (id: string, side: string, position: number[]) => ({
  id,
  side,
  position,
  base: { shape: 'round', diameterMm: 25 },
  height: 1,
});

/** The CLI run in this process (`runGeo`, what the entry point runs): its exit code and what it wrote. */
async function geo(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '',
    stderr = '';
  const status = await runGeo(
    args,
    (text) => (stdout += text),
    (text) => (stderr += text),
  );
  return { status, stdout, stderr };
}

/** What the CLI printed, or a failure naming its exit code and its error output. */
async function geoOut(...args: string[]): Promise<string> {
  const r = await geo(...args);
  if (r.status !== 0) throw new Error(`geo ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The CLI as a person runs it: a process of its own (one smoke test; the rest run in this process). */
const spawned = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/geo.ts', ...args], { encoding: 'utf8' });

describe('geo CLI', () => {
  it('runs as its own process: the entry point prints what runGeo prints, and a bad command exits 2 with the usage', async () => {
    const one = spawned('measure', scenePath, 'a', 'b');
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toBe(await geoOut('measure', scenePath, 'a', 'b'));
    const bad = spawned('nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe((await geo('nope')).stderr);
    expect(bad.stderr).toMatch(/^geo: unknown command "nope"\nusage:/);
  }, 60_000);

  it('los prints one entry per ordered pair with the documented keys', async () => {
    const out = JSON.parse(await geoOut('los', scenePath, '--samples', '512'));
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

  it('measure and drop answer single questions', async () => {
    const m = JSON.parse((await geo('measure', scenePath, 'a', 'b')).stdout);
    expect(m.distance).toBeCloseTo(12 - 25 / 25.4, 3);
    const d = JSON.parse((await geo('drop', scenePath, '12', '5', '12')).stdout);
    expect(d.dropHeight).toBeCloseTo(1, 4);
    // A 25 mm base cannot stand on the 0.5"-thick wall top: it lands on the table beside the wall.
    expect(d.landing.fall).toBeCloseTo(5, 4);
    expect(Math.abs(d.landing.position[0] - 12)).toBeGreaterThanOrEqual(0.25 + 25 / 25.4 / 2 - 1e-3);
  });

  it('a broken scene prints its validation error and exits non-zero; bad arguments print usage', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'tabletop-scene/1', table: { width: -1, depth: 24 } }));
    const r = await geo('los', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('table.width');
    const u = await geo('fly', scenePath);
    expect(u.status).toBe(2);
    expect(u.stderr).toContain('usage:');
    expect((await geo('measure', scenePath, 'a', 'zz')).stderr).toContain('no model with id "zz"');
  });
  it('los --rules blkout adds the table verdict to each pair; the wall hides both models completely', async () => {
    const out = JSON.parse(await geoOut('los', scenePath, '--rules', 'blkout'));
    expect(out.pairs[0].verdict).toMatchObject({ los: false, dice: 0 });
    expect((await geo('los', scenePath, '--rules', 'chess')).status).toBe(2);
  });
  it('los --rules counterblast adds the Counterblast verdict: no line of sight, obscured, heavy cover behind the wall', async () => {
    const out = JSON.parse(await geoOut('los', scenePath, '--rules', 'counterblast'));
    expect(out.pairs[0].verdict).toEqual({ los: false, obscured: true, cover: 'heavy' });
  });

  it('los --rules skirmish-ru gives {los, inArc, cover, modifier}: the 180-degree front from the facing, none / cover / hidden by the hidden share', async () => {
    // a at (6, 12) facing east (facingDeg 0); a 25 mm base touches the line across its front when its centre is 0.4921" behind it.
    const r = 25 / 25.4 / 2;
    const model = (id: string, position: number[], facingDeg = 0) => ({
      ...figure(id, id === 'a' ? 'A' : 'B', position),
      facingDeg,
    });
    const sk = join(dir, 'sk.json');
    writeFileSync(
      sk,
      JSON.stringify({
        format: 'tabletop-scene/1',
        table: { width: 24, depth: 24 },
        terrain: [
          // A low wall just in front of "low" (hides its lower half), a tall one in front of "wall" (all of it).
          { id: 'low-wall', kind: 'obstacle', shape: 'box', center: [17, 0.25, 12], size: [0.3, 0.5, 3] },
          { id: 'tall-wall', kind: 'obstacle', shape: 'box', center: [11, 2, 20], size: [0.3, 4, 6] },
        ],
        models: [
          model('a', [6, 0, 12]),
          model('open', [12, 0, 8]),
          model('low', [18, 0, 12]),
          model('wall', [12, 0, 20]),
          model('edge-in', [6 - (r - 0.01), 0, 4]),
          model('edge-out', [6 - (r + 0.01), 0, 4]),
          model('behind', [1, 0, 12]),
          // Faces north (scene facing 90: counter-clockwise from +x seen from above, towards -z).
          model('north', [3, 0, 18], 90),
        ],
      }),
    );
    const r1 = await geo('los', sk, '--rules', 'skirmish-ru');
    expect(r1.status, r1.stderr).toBe(0);
    const pairs = JSON.parse(r1.stdout).pairs as { viewer: string; target: string; verdict: unknown }[];
    const of = (viewer: string) =>
      Object.fromEntries(pairs.filter((p) => p.viewer === viewer).map((p) => [p.target, p.verdict]));
    const a = of('a');
    expect(a['open']).toEqual({ los: true, inArc: true, cover: 'none', modifier: 0 });
    expect(a['low']).toEqual({ los: true, inArc: true, cover: 'cover', modifier: -1 });
    expect(a['wall']).toEqual({ los: false, inArc: true, cover: 'hidden', modifier: -2 });
    expect(a['edge-in']).toMatchObject({ inArc: true });
    expect(a['edge-out']).toMatchObject({ inArc: false });
    expect(a['behind']).toEqual({ los: true, inArc: false, cover: 'none', modifier: 0 });
    // Facing north: a (6" east, 6" north of it) is in front; "wall" (south-east of it, 2" further south) is behind.
    expect(of('north')['a']).toMatchObject({ inArc: true });
    expect(of('north')['wall']).toMatchObject({ inArc: false });
    expect((await geo('los', sk, '--rules', 'skirmish-ru', '--skill', '1')).status).toBe(2);
  }, 60_000);

  it('los --rules rpg-attacks gives {lineOfFire, cover, concealment, banes}: cover from the share hidden by terrain, concealment from foliage that hides without blocking', async () => {
    const rp = join(dir, 'rp.json');
    writeFileSync(
      rp,
      JSON.stringify({
        format: 'tabletop-scene/1',
        table: { width: 24, depth: 24 },
        terrain: [
          { id: 'low-wall', kind: 'obstacle', shape: 'box', center: [17, 0.25, 12], size: [0.3, 0.5, 3] },
          { id: 'tall-wall', kind: 'obstacle', shape: 'box', center: [11, 2, 20], size: [0.3, 4, 6] },
          {
            id: 'foliage',
            kind: 'area',
            shape: 'cylinder',
            center: [12, 0.9, 4],
            radius: 2,
            height: 1.8,
            blocksLos: false,
          },
        ],
        models: [
          figure('a', 'A', [6, 0, 12]),
          figure('open', 'B', [12, 0, 9]),
          figure('low', 'B', [18, 0, 12]),
          figure('wall', 'B', [12, 0, 20]),
          figure('leaves', 'B', [12, 0, 4]),
        ],
      }),
    );
    const r = await geo('los', rp, '--rules', 'rpg-attacks');
    expect(r.status, r.stderr).toBe(0);
    const pairs = JSON.parse(r.stdout).pairs as { viewer: string; target: string; verdict: unknown }[];
    const a = Object.fromEntries(pairs.filter((p) => p.viewer === 'a').map((p) => [p.target, p.verdict]));
    expect(a['open']).toEqual({ lineOfFire: true, cover: 'none', concealment: 'none', banes: 0 });
    expect(a['low']).toEqual({ lineOfFire: true, cover: 'moderate', concealment: 'none', banes: 1 });
    expect(a['wall']).toEqual({ lineOfFire: false, cover: 'heavy', concealment: 'none', banes: 2 });
    expect(a['leaves']).toEqual({ lineOfFire: true, cover: 'none', concealment: 'moderate', banes: 1 });
  }, 60_000);

  it('los --rules fiveparsecs gives {los, inRange, cover, targetNumber}: 3+ up to 6", 5+ past it, null out of range or sight', async () => {
    // a at (6, 12); c1 5.99" and c2 6.01" edge to edge away, d 9" (25 mm bases: centres 0.98425" further).
    const edge = 25 / 25.4;
    const at = (d: number, dx: number, dz: number) => [6 + dx * (d + edge), 0, 12 + dz * (d + edge)];
    const model = figure;
    const fp = join(dir, 'fp.json');
    writeFileSync(
      fp,
      JSON.stringify({
        format: 'tabletop-scene/1',
        table: { width: 24, depth: 24 },
        terrain: [{ id: 'wall', kind: 'obstacle', shape: 'box', center: [12, 2, 12], size: [0.5, 4, 10] }],
        models: [
          model('a', 'A', [6, 0, 12]),
          model('b', 'B', [18, 0, 12]),
          model('c1', 'B', at(5.99, 0, -1)),
          model('c2', 'B', at(6.01, -0.6, 0.8)),
          model('d', 'B', at(9, 0, 1)),
        ],
      }),
    );
    const verdicts = async (...flags: string[]) => {
      const r = await geo('los', fp, '--rules', 'fiveparsecs', ...flags);
      expect(r.status, r.stderr).toBe(0);
      const pairs = JSON.parse(r.stdout).pairs as { viewer: string; target: string; verdict: unknown }[];
      return Object.fromEntries(pairs.filter((p) => p.viewer === 'a').map((p) => [p.target, p.verdict]));
    };
    const open = (targetNumber: number | null, inRange = true) => ({ los: true, inRange, cover: false, targetNumber });
    const byDefault = await verdicts();
    expect(byDefault).toEqual({
      b: { los: false, inRange: true, cover: true, targetNumber: null },
      c1: open(3),
      c2: open(5),
      d: open(5),
    });
    // The weapon's range: 9" reaches d exactly, 8.99" does not; the skill does not move the base number.
    expect((await verdicts('--weapon-range', '9', '--skill', '2')).d).toEqual(open(5));
    expect((await verdicts('--weapon-range', '8.99')).d).toEqual(open(null, false));
    expect((await geo('los', fp, '--rules', 'fiveparsecs', '--skill', '1.5')).stderr).toMatch(
      /--skill needs a whole number from 0 \(got 1.5\)/,
    );
    expect((await geo('los', fp, '--rules', 'fiveparsecs', '--weapon-range', '0')).status).toBe(2);
    expect((await geo('los', fp, '--rules', 'blkout', '--skill', '1')).stderr).toMatch(
      /--skill is read by --rules fiveparsecs only/,
    );
  }, 60_000);
});
