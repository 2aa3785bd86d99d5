/**
 * Where the table's DOM labels go on screen so none hides another and none lies under the interface:
 * plain numbers in, offsets out (no React, no three, no DOM; `LabelLayer` measures and applies).
 *
 * Labels are placed one by one from the bottom of the screen up (the lowest is nearest the camera on a
 * table seen from above its edge); a label that would overlap one already placed rises just above it,
 * and again until it overlaps none. A label whose place then touches a cover (a panel, the card, the
 * log, the Help window) is hidden: it never paints over the interface, not even under a translucent panel.
 */

/** A box on screen in CSS pixels: left, top, width and height. */
export interface ScreenBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where one label goes: `dy` pixels up (negative) from where it would be, or hidden. */
export interface LabelPlace {
  dy: number;
  hidden: boolean;
}

/** Pixels kept between two labels. */
export const LABEL_GAP = 2;
/** Pixels kept between a label and a cover (antialiasing and text shadows reach past a label's box). */
export const COVER_MARGIN = 4;

/** Whether two boxes overlap once `a` is grown by `margin` on every side (touching edges do not). */
export function overlaps(a: ScreenBox, b: ScreenBox, margin = 0): boolean {
  return a.x - margin < b.x + b.w && b.x < a.x + a.w + margin && a.y - margin < b.y + b.h && b.y < a.y + a.h + margin;
}

/**
 * The place of each label (same order as `labels`): offset up until it overlaps no label placed
 * before it (with `gap` pixels between), hidden when it then touches a cover (within `margin`).
 * Empty boxes (a label not drawn) stay where they are and take no room.
 */
export function layoutLabels(
  labels: readonly ScreenBox[],
  covers: readonly ScreenBox[] = [],
  gap = LABEL_GAP,
  margin = COVER_MARGIN,
): LabelPlace[] {
  const places: LabelPlace[] = labels.map(() => ({ dy: 0, hidden: false }));
  // Bottom edge first (lowest on screen), then left to right, then as given: the same input always gives the same layout.
  const order = labels
    .map((b, i) => i)
    .filter((i) => labels[i]!.w > 0 && labels[i]!.h > 0)
    .sort((i, j) => {
      const a = labels[i]!,
        b = labels[j]!;
      return b.y + b.h - (a.y + a.h) || a.x - b.x || i - j;
    });
  const placed: ScreenBox[] = [];
  for (const i of order) {
    const box = { ...labels[i]! };
    // Each rise puts the box wholly above one placed box, which it then never meets again: at most one rise per placed box.
    for (let rises = 0; rises <= placed.length; rises++) {
      const hit = placed.find((p) => overlaps(box, p, gap));
      if (!hit) break;
      box.y = hit.y - gap - box.h;
    }
    places[i] = { dy: box.y - labels[i]!.y, hidden: covers.some((c) => overlaps(box, c, margin)) };
    // A hidden label takes no room: the others may stand where it would have been.
    if (!places[i]!.hidden) placed.push(box);
  }
  return places;
}
