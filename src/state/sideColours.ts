/**
 * Side colours, shared by the scene (bases and bodies) and the UI (the legend): plain data, so both
 * may import it without importing each other.
 */
import { msg, type Msg } from '../rules/engine/message';

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

/** The message ids of the colour names, in SIDE_COLOURS' order. */
const SIDE_COLOUR_IDS = [
  'ui:colour.red',
  'ui:colour.blue',
  'ui:colour.yellow',
  'ui:colour.green',
  'ui:colour.purple',
  'ui:colour.orange',
] as const;

/** A side's colour in words for the shown language (the legend, the broadcast overlay). */
export function sideColourWords(side: string, sides: readonly string[]): Msg {
  const i = Math.max(0, sides.indexOf(side));
  return msg(SIDE_COLOUR_IDS[i % SIDE_COLOUR_IDS.length] ?? 'ui:colour.red');
}
