/**
 * Words every ruleset uses for the table: its edges as the screen shows them, and a spot on it in
 * inches from the nearest edges, so no sentence a player reads carries raw coordinates.
 *
 * The app's camera sits at high z looking towards z = 0 with x to the right (the top view puts
 * z = 0 at the top of the screen), so the compass is: north the z = 0 edge (far side, top of the
 * screen), south the z = depth edge (nearest the player), west x = 0 (left), east x = width (right).
 */

/** A table edge. */
export type Edge = 'north' | 'south' | 'west' | 'east';

/** Where each edge is drawn, in words. */
export const EDGE_PLACES: Record<Edge, string> = {
  north: 'far side',
  south: 'nearest you',
  west: 'left',
  east: 'right',
};

/** "the south edge (nearest you)". */
export const edgeWords = (e: Edge): string => `the ${e} edge (${EDGE_PLACES[e]})`;

/** Inches to one decimal: 3.46 -> 3.5", 4 -> 4". */
export const inches = (x: number): string => `${Math.round(x * 10) / 10}"`;

/**
 * A spot in words: its distance from the nearer of the west / east edges and from the nearer of
 * the north / south edges, e.g. `1.5" from the west edge, 3.5" from the north edge`.
 */
export function spotWords(table: { width: number; depth: number }, x: number, z: number): string {
  const across =
    x <= table.width - x ? `${inches(x)} from the west edge` : `${inches(table.width - x)} from the east edge`;
  const deep =
    z <= table.depth - z ? `${inches(z)} from the north edge` : `${inches(table.depth - z)} from the south edge`;
  return `${across}, ${deep}`;
}

const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/** A direction in words: degrees from +x (east) towards +z (south, towards the player). */
export const compass = (deg: number): string => COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!;
