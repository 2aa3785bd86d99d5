/**
 * Miniature figures from glTF files with named parts (assets/miniatures/*.glb): unlike terrain, whose
 * meshes are merged into one geometry for the sight core, a figure keeps each part with its own
 * material, so the renderer can paint the `team` part in the side's colour and keep the rest.
 */
import { BufferAttribute, BufferGeometry, Color } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { partGeometry, readMesh } from './meshImport';

/** One part of a figure: its name, geometry (in the file's space) and material values. */
export interface FigurePart {
  name: string;
  geometry: BufferGeometry;
  /** sRGB hex colour of the part's material (`#rrggbb`). */
  colour: string;
  metalness: number;
  roughness: number;
}

/** The part painted in the side's colour. */
export const TEAM_PART = 'team';

/**
 * Parses a multi-part figure (glTF, or STL as one part) through the mesh reader, so the same checks and
 * the worker apply. Rejects with an Error naming `file` when the bytes are refused or hold no mesh; a
 * part's name is its node's name (or its mesh's, or `part<i>`).
 */
export async function parseFigure(data: ArrayBuffer, file: string): Promise<FigurePart[]> {
  const { parts } = await readMesh(data, file, 'figure');
  if (parts.length === 0) throw new Error(`${file}: the file holds no mesh`);
  return parts.map((p) => ({
    name: p.name,
    geometry: partGeometry(p),
    colour: p.colour,
    metalness: p.metalness,
    roughness: p.roughness,
  }));
}

/** Triangles in a geometry (indexed or not). */
export function triangleCount(geometry: BufferGeometry): number {
  const index = geometry.getIndex();
  return (index ? index.count : (geometry.getAttribute('position')?.count ?? 0)) / 3;
}

/** A figure ready to draw in two meshes: the team-coloured part, and every fixed part merged with vertex colours. */
export interface FigureMeshes {
  team: BufferGeometry | null;
  /** Position, normal and a `color` attribute (linear RGB) per vertex. */
  fixed: BufferGeometry | null;
}

/**
 * Merges a figure's fixed parts into one geometry coloured per vertex, so a model costs two draw calls
 * (team and fixed) however many parts its file has; triangles are unchanged.
 */
export function mergeFigure(parts: readonly FigurePart[]): FigureMeshes {
  const strip = (g: BufferGeometry): BufferGeometry => {
    const flat = g.index ? g.toNonIndexed() : g.clone();
    const out = new BufferGeometry();
    out.setAttribute('position', flat.getAttribute('position'));
    out.setAttribute('normal', flat.getAttribute('normal'));
    return out;
  };
  const team = parts.filter((p) => p.name === TEAM_PART).map((p) => strip(p.geometry));
  const fixed = parts
    .filter((p) => p.name !== TEAM_PART)
    .map((p) => {
      const g = strip(p.geometry);
      const c = new Color(p.colour); // sRGB hex -> linear working colour
      const n = g.getAttribute('position').count;
      const colours = new Float32Array(n * 3);
      for (let i = 0; i < n; i++) colours.set([c.r, c.g, c.b], i * 3);
      g.setAttribute('color', new BufferAttribute(colours, 3));
      return g;
    });
  const merge = (list: BufferGeometry[]): BufferGeometry | null => {
    if (list.length === 0) return null;
    const g = list.length === 1 ? list[0]! : mergeGeometries(list);
    if (!g) throw new Error('figure parts could not be merged');
    g.computeBoundingBox();
    g.computeBoundingSphere();
    return g;
  };
  return { team: merge(team), fixed: merge(fixed) };
}

/**
 * One geometry for a whole figure in given colours (one draw call, one shadow draw): the team part's
 * vertices take `teamHex`, the fixed parts keep their own colours multiplied by `fixedHex` (a pose's
 * tint; white keeps them). Kept per figure and colour pair, so every model of a side shares it.
 */
const painted = new WeakMap<FigureMeshes, Map<string, BufferGeometry>>();
export function paintedFigure(figure: FigureMeshes, teamHex: string, fixedHex: string): BufferGeometry | null {
  const key = `${teamHex}|${fixedHex}`;
  let byColour = painted.get(figure);
  if (!byColour) painted.set(figure, (byColour = new Map()));
  const known = byColour.get(key);
  if (known) return known;
  const parts: BufferGeometry[] = [];
  if (figure.team) {
    const g = figure.team.clone();
    const c = new Color(teamHex);
    const n = g.getAttribute('position').count;
    const colours = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) colours.set([c.r, c.g, c.b], i * 3);
    g.setAttribute('color', new BufferAttribute(colours, 3));
    parts.push(g);
  }
  if (figure.fixed) {
    const g = figure.fixed.clone();
    const tint = new Color(fixedHex);
    const colour = g.getAttribute('color');
    const out = new Float32Array(colour.count * 3);
    for (let i = 0; i < colour.count; i++)
      out.set([colour.getX(i) * tint.r, colour.getY(i) * tint.g, colour.getZ(i) * tint.b], i * 3);
    g.setAttribute('color', new BufferAttribute(out, 3));
    parts.push(g);
  }
  if (parts.length === 0) return null;
  const g = parts.length === 1 ? parts[0]! : mergeGeometries(parts);
  if (!g) throw new Error('figure parts could not be painted into one mesh');
  g.computeBoundingBox();
  g.computeBoundingSphere();
  byColour.set(key, g);
  return g;
}
