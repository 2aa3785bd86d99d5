/** Colours of the table, the terrain kinds and the sides: chosen to read well on a stream. */
import type { TerrainKind } from '../io/sceneSchema';

/** Side colours by the sides' sorted order (A red, B blue, then others): stable while models come and go. */
export const SIDE_COLOURS = ['#d1382c', '#2f6fd6', '#e0b21f', '#3fae5a', '#9b4fd1', '#e07a1f'] as const;

/** The sides of some models, sorted (the order colours are handed out in). */
export function sidesOf(models: readonly { side: string }[]): string[] {
  return [...new Set(models.map((m) => m.side))].sort();
}

/** Colour of a side, given the sides in colour order. */
export function sideColour(side: string, sides: readonly string[]): string {
  const i = Math.max(0, sides.indexOf(side));
  return SIDE_COLOURS[i % SIDE_COLOURS.length] ?? '#cccccc';
}

/** Terrain colour and opacity by kind (area terrain is see-through, as it is on a real table). */
export const TERRAIN_LOOK: Record<TerrainKind, { colour: string; opacity: number }> = {
  obstacle: { colour: '#8d8578', opacity: 1 },
  ruin: { colour: '#a06a4f', opacity: 1 },
  structure: { colour: '#77807b', opacity: 1 },
  area: { colour: '#4d7a3a', opacity: 0.55 },
  hill: { colour: '#7b6a48', opacity: 1 },
};

/** The playing mat and the table frame. */
export const TABLE_COLOURS = { mat: '#5f7052', frame: '#4a3424', background: '#1c2126', ruler: '#f1ead8' } as const;
