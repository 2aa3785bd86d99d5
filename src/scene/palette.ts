/** Colours of the table, the terrain kinds and the sides: chosen to read well on a stream. */
import type { TerrainKind } from '../geometry/sceneTypes';

/** Side colours live in state/ (the UI's legend uses them too); re-exported for the scene. */
export { SIDE_COLOURS, sideColour, sidesOf } from '../state/sideColours';

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
