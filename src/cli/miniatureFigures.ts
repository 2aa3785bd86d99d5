/**
 * The project's own low-poly miniatures, built from boxes and cylinders so they can be regenerated and
 * reviewed as code (`npm run make-miniatures` writes them to assets/miniatures/). Each figure is
 * authored in a unit box: its footprint inside x, z in [-0.5, 0.5] (a unit base), its height y in
 * [0, 1], facing +x (the scene's facing 0). The renderer stretches that box to the model's base and
 * height. Parts are grouped by material: `team` takes the side colour; the others keep their colour.
 */
import { BoxGeometry, CylinderGeometry, Quaternion, Vector3, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { GlbPart } from '../io/meshWrite';

/** The figures the project ships, one per file `<name>.glb`. */
export const FIGURE_NAMES = ['infantry', 'drone', 'vehicle'] as const;
/** A shipped figure. */
export type FigureName = (typeof FIGURE_NAMES)[number];

/** Part names shared by every figure: `team` is painted in the side's colour. */
export const PART_NAMES = ['team', 'gear', 'metal', 'visor'] as const;
type PartName = (typeof PART_NAMES)[number];

const LOOK: Record<PartName, Omit<GlbPart, 'name' | 'geometry'>> = {
  team: { colour: [0.8, 0.8, 0.8], metalness: 0.05, roughness: 0.6 },
  gear: { colour: [0.045, 0.045, 0.05], metalness: 0.1, roughness: 0.8 },
  metal: { colour: [0.16, 0.17, 0.18], metalness: 0.7, roughness: 0.35 },
  visor: { colour: [0.25, 0.85, 1.0], metalness: 0.2, roughness: 0.15 },
};

function clean(g: BufferGeometry): BufferGeometry {
  return g.toNonIndexed().deleteAttribute('normal').deleteAttribute('uv');
}

/** An axis-aligned box from its min and max corners. */
function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): BufferGeometry {
  return clean(new BoxGeometry(x1 - x0, y1 - y0, z1 - z0).translate((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2));
}

/** A vertical cylinder (few sides: it is a miniature seen from a metre away). */
function cylinder(x: number, z: number, y0: number, y1: number, r: number, sides = 8, rTop = r): BufferGeometry {
  return clean(new CylinderGeometry(rTop, r, y1 - y0, sides).translate(x, (y0 + y1) / 2, z));
}

const UP = new Vector3(0, 1, 0);

/** A square-section bar of `thickness` from one point to another (a limb, a barrel, a strut). */
function bar(from: [number, number, number], to: [number, number, number], thickness: number): BufferGeometry {
  const a = new Vector3(...from);
  const dir = new Vector3(...to).sub(a);
  const length = dir.length();
  const g = new BoxGeometry(thickness, length, thickness);
  g.applyQuaternion(new Quaternion().setFromUnitVectors(UP, dir.normalize()));
  g.translate((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, (from[2] + to[2]) / 2);
  return clean(g);
}

/** A cylinder lying along x (a wheel turned on its axle is along z: see `wheel`). */
function rodX(x0: number, x1: number, y: number, z: number, r: number, sides = 6): BufferGeometry {
  return clean(new CylinderGeometry(r, r, x1 - x0, sides).rotateZ(-Math.PI / 2).translate((x0 + x1) / 2, y, z));
}

function wheel(x: number, y: number, z: number, r: number, width: number): BufferGeometry {
  return clean(new CylinderGeometry(r, r, width, 8).rotateX(Math.PI / 2).translate(x, y, z));
}

function parts(byName: Partial<Record<PartName, BufferGeometry[]>>): GlbPart[] {
  return PART_NAMES.flatMap((name) => {
    const list = byName[name];
    if (!list || list.length === 0) return [];
    const geometry = mergeGeometries(list);
    if (!geometry) throw new Error(`${name}: could not merge its pieces`);
    return [{ name, geometry, ...LOOK[name] }];
  });
}

/** A rifleman: legs apart, torso, a backpack, both arms on a rifle pointing forward, a helmet with a visor. */
function infantry(): GlbPart[] {
  const shoulderR: [number, number, number] = [0, 0.74, -0.17];
  const shoulderL: [number, number, number] = [0, 0.74, 0.17];
  const handR: [number, number, number] = [0.16, 0.56, -0.04];
  const handL: [number, number, number] = [0.32, 0.6, 0.0];
  return parts({
    team: [
      bar([0.02, 0.45, -0.09], [-0.02, 0.07, -0.1], 0.11), // right leg
      bar([0.0, 0.45, 0.09], [0.07, 0.07, 0.11], 0.11), // left leg, a step forward
      box(-0.11, 0.43, -0.17, 0.11, 0.78, 0.17), // torso
      bar(shoulderR, [0.06, 0.6, -0.16], 0.085), // right upper arm
      bar([0.06, 0.6, -0.16], handR, 0.075),
      bar(shoulderL, [0.12, 0.64, 0.15], 0.085), // left upper arm
      bar([0.12, 0.64, 0.15], handL, 0.075),
      cylinder(0, 0, 0.81, 0.97, 0.115, 8, 0.09), // helmet
    ],
    gear: [
      box(-0.06, 0, -0.16, 0.1, 0.07, -0.04), // right boot
      box(0.0, 0, 0.05, 0.16, 0.07, 0.17), // left boot
      box(-0.24, 0.5, -0.13, -0.11, 0.76, 0.13), // backpack
      box(-0.12, 0.42, -0.175, 0.12, 0.47, 0.175), // belt
      cylinder(0, 0, 0.77, 0.83, 0.07, 6), // neck
    ],
    metal: [
      box(-0.06, 0.55, -0.06, 0.34, 0.62, -0.01), // rifle body
      rodX(0.34, 0.49, 0.595, -0.035, 0.018), // barrel
      box(0.06, 0.47, -0.055, 0.11, 0.56, -0.015), // magazine
    ],
    visor: [box(0.07, 0.85, -0.075, 0.115, 0.91, 0.075)],
  });
}

/** A quad-rotor drone on a flight stand: a body, a sensor eye forward, four arms and rotor discs. */
function drone(): GlbPart[] {
  const hubs: [number, number][] = [
    [0.3, 0.3],
    [0.3, -0.3],
    [-0.3, 0.3],
    [-0.3, -0.3],
  ];
  return parts({
    team: [
      cylinder(0, 0, 0.7, 0.9, 0.2, 8, 0.16), // body
      box(0.12, 0.72, -0.06, 0.26, 0.84, 0.06), // nose
      ...hubs.map(([x, z]) => bar([0, 0.82, 0], [x, 0.82, z], 0.05)), // arms
    ],
    gear: [
      cylinder(0, 0, 0, 0.7, 0.025, 6), // flight stand
      ...hubs.map(([x, z]) => cylinder(x, z, 0.78, 0.89, 0.04, 6)), // motors
      bar([-0.08, 0.9, 0.05], [-0.1, 0.99, 0.05], 0.015), // antenna
    ],
    metal: hubs.map(([x, z]) => cylinder(x, z, 0.89, 0.92, 0.17, 10)), // rotor discs
    visor: [box(0.25, 0.74, -0.04, 0.29, 0.82, 0.04)],
  });
}

/** A tracked vehicle: a stepped hull on two track units with road wheels, a turret with a gun, a cupola. */
function vehicle(): GlbPart[] {
  const roadWheels = [-0.36, -0.18, 0, 0.18, 0.36].flatMap((x) => [
    wheel(x, 0.13, 0.445, 0.1, 0.04),
    wheel(x, 0.13, -0.445, 0.1, 0.04),
  ]);
  return parts({
    team: [
      box(-0.46, 0.18, -0.3, 0.3, 0.6, 0.3), // hull
      box(0.3, 0.18, -0.28, 0.44, 0.48, 0.28), // stepped nose
      box(-0.3, 0.6, -0.2, 0.12, 0.84, 0.2), // turret
      cylinder(-0.16, 0.08, 0.84, 0.94, 0.08, 8), // cupola
    ],
    gear: [
      box(-0.5, 0.02, 0.3, 0.46, 0.3, 0.425), // tracks
      box(-0.5, 0.02, -0.425, 0.46, 0.3, -0.3),
      box(-0.48, 0.3, 0.29, 0.44, 0.33, 0.43), // track guards
      box(-0.48, 0.3, -0.43, 0.44, 0.33, -0.29),
    ],
    metal: [...roadWheels, rodX(0.12, 0.5, 0.72, 0, 0.035), box(-0.22, 0.94, 0.03, -0.1, 1.0, 0.13)],
    visor: [box(0.115, 0.7, -0.14, 0.125, 0.76, 0.14), box(0.36, 0.52, -0.2, 0.4, 0.56, 0.2)],
  });
}

/** Builds a figure's parts (unit box, facing +x). */
export function buildFigure(name: FigureName): GlbPart[] {
  switch (name) {
    case 'infantry':
      return infantry();
    case 'drone':
      return drone();
    case 'vehicle':
      return vehicle();
  }
}
