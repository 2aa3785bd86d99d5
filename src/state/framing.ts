/**
 * Framing the table in the space the panels leave free: the largest box of the canvas that no docked
 * panel covers (scored by how big a view of the table's shape it holds), and how the camera puts the
 * table's centre in the middle of that box (a view offset, three's `camera.setViewOffset`) at a size
 * that fits it (the share of the canvas's height the box has). Pure: the scene asks it, the tests too.
 */

/** A box on the canvas, in CSS pixels from its top left corner. */
export interface CanvasBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Below this share of the canvas's width or height, a free box is too small to frame in: the whole canvas is used. */
export const MIN_FREE_SHARE = 0.35;

const overlaps = (a: CanvasBox, b: CanvasBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The largest box of a `w` x `h` canvas that none of `taken` overlaps, judged by the view of `aspect`
 * (width / height) it can hold (min(w / aspect, h)), ties to the larger area. When the best is under
 * MIN_FREE_SHARE of the canvas either way (a narrow window under wide panels), the whole canvas.
 */
export function freeBox(canvas: { w: number; h: number }, taken: readonly CanvasBox[], aspect: number): CanvasBox {
  const whole = { x: 0, y: 0, w: canvas.w, h: canvas.h };
  const inside = taken
    .map((b) => {
      const x0 = Math.max(0, b.x);
      const y0 = Math.max(0, b.y);
      const x1 = Math.min(canvas.w, b.x + b.w);
      const y1 = Math.min(canvas.h, b.y + b.h);
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    })
    .filter((b) => b.w > 0 && b.h > 0);
  if (inside.length === 0 || canvas.w <= 0 || canvas.h <= 0) return whole;
  const edges = (lo: (b: CanvasBox) => number, hi: (b: CanvasBox) => number, end: number) =>
    [...new Set([0, end, ...inside.flatMap((b) => [lo(b), hi(b)])])].sort((a, b) => a - b);
  const xs = edges(
    (b) => b.x,
    (b) => b.x + b.w,
    canvas.w,
  );
  const ys = edges(
    (b) => b.y,
    (b) => b.y + b.h,
    canvas.h,
  );
  let best: CanvasBox | null = null;
  let bestScore = -1;
  for (let i = 0; i < xs.length; i++)
    for (let j = i + 1; j < xs.length; j++)
      for (let k = 0; k < ys.length; k++)
        for (let l = k + 1; l < ys.length; l++) {
          const box = { x: xs[i]!, y: ys[k]!, w: xs[j]! - xs[i]!, h: ys[l]! - ys[k]! };
          if (inside.some((b) => overlaps(box, b))) continue;
          const score = Math.min(box.w / aspect, box.h);
          if (
            score > bestScore + 1e-9 ||
            (Math.abs(score - bestScore) <= 1e-9 && best && box.w * box.h > best.w * best.h)
          ) {
            best = box;
            bestScore = score;
          }
        }
  if (!best || best.w < canvas.w * MIN_FREE_SHARE || best.h < canvas.h * MIN_FREE_SHARE) return whole;
  return best;
}

/** How the camera frames a box of the canvas. */
export interface Framing {
  /** `camera.setViewOffset(w, h, x, y, w, h)`: moves the view's centre to the box's centre. */
  offset: { x: number; y: number };
  /** The box's width over its height (the aspect the pose is fitted to). */
  aspect: number;
  /** The box's share of the canvas's height (the pose fits the table into this share of the field of view). */
  fill: number;
}

/**
 * The framing that puts what the camera looks at in the middle of `box`, at a size for the box: the
 * view of the whole canvas shifted by the offset (the centre of the view lands on the box's centre),
 * and the box's aspect and share of the height, for the pose.
 */
export function framingOf(canvas: { w: number; h: number }, box: CanvasBox): Framing {
  return {
    offset: { x: canvas.w / 2 - (box.x + box.w / 2), y: canvas.h / 2 - (box.y + box.h / 2) },
    aspect: box.w / Math.max(box.h, 1),
    fill: box.h / Math.max(canvas.h, 1),
  };
}

/**
 * What a docked panel takes from the canvas: unfolded, its whole column (from its box to the canvas's
 * edge on its side, top to bottom, so the table stays put while the panel grows or shrinks); folded,
 * only its box (the title bar).
 */
export function reservation(
  canvas: { w: number; h: number },
  side: 'left' | 'right',
  box: CanvasBox,
  folded: boolean,
): CanvasBox {
  if (folded) return box;
  return side === 'left'
    ? { x: 0, y: 0, w: box.x + box.w, h: canvas.h }
    : { x: box.x, y: 0, w: canvas.w - box.x, h: canvas.h };
}
