import { describe, expect, it } from 'vitest';
import { layoutLabels, overlaps, type ScreenBox } from '../../../src/scene/labelLayout';

const moved = (b: ScreenBox, dy: number): ScreenBox => ({ ...b, y: b.y + dy });

/** The boxes where the layout puts the shown labels. */
function shown(labels: ScreenBox[], covers: ScreenBox[] = []): ScreenBox[] {
  return layoutLabels(labels, covers).flatMap((p, i) => (p.hidden ? [] : [moved(labels[i]!, p.dy)]));
}

describe('table label layout', () => {
  it('leaves labels that do not overlap where they are', () => {
    const labels = [
      { x: 0, y: 0, w: 50, h: 16 },
      { x: 100, y: 0, w: 50, h: 16 },
      { x: 0, y: 40, w: 50, h: 16 },
    ];
    expect(layoutLabels(labels)).toEqual(labels.map(() => ({ dy: 0, hidden: false })));
  });

  it('lifts the upper of two overlapping labels just above the lower one, with a gap', () => {
    const low = { x: 10, y: 100, w: 80, h: 18 };
    const high = { x: 30, y: 95, w: 80, h: 18 };
    const [a, b] = layoutLabels([high, low], [], 2);
    expect(a).toEqual({ dy: 100 - 2 - 18 - 95, hidden: false });
    expect(b).toEqual({ dy: 0, hidden: false });
  });

  it('stacks a pile of labels at one spot into a readable column, none overlapping another', () => {
    const pile = Array.from({ length: 8 }, (_, i) => ({ x: 200 + i, y: 300 - i * 0.5, w: 90 + i * 3, h: 17 }));
    const out = shown(pile);
    expect(out).toHaveLength(8);
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++) expect(overlaps(out[i]!, out[j]!), `${i} and ${j}`).toBe(false);
    // Only upward, and no higher than the column needs.
    const places = layoutLabels(pile);
    expect(places.every((p) => p.dy <= 0)).toBe(true);
    expect(Math.min(...out.map((b) => b.y))).toBeGreaterThanOrEqual(300 - 8 * 19 - 4);
  });

  it('rises past a label it meets on the way up', () => {
    // The middle label rises above the bottom one and then meets the top one: it goes above that too.
    const bottom = { x: 0, y: 100, w: 60, h: 20 };
    const middle = { x: 0, y: 90, w: 60, h: 20 };
    const top = { x: 0, y: 60, w: 60, h: 20 };
    const out = shown([top, middle, bottom]);
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(overlaps(out[i]!, out[j]!)).toBe(false);
    expect(out[2]!.y).toBe(100);
  });

  it('hides a label that would lie under a cover (with the margin), and it takes no room', () => {
    const panel = { x: 0, y: 0, w: 300, h: 400 };
    const under = { x: 250, y: 200, w: 80, h: 16 };
    const near = { x: 303, y: 200, w: 80, h: 16 }; // 3 px from the panel: within the 4 px margin
    const clear = { x: 320, y: 240, w: 80, h: 16 };
    const places = layoutLabels([under, near, clear], [panel]);
    expect(places.map((p) => p.hidden)).toEqual([true, true, false]);
    // Alone with the panel, a label beside it stays.
    expect(layoutLabels([{ x: 310, y: 200, w: 80, h: 16 }], [panel])).toEqual([{ dy: 0, hidden: false }]);
    // A hidden label does not push another up.
    const twin = { x: 260, y: 205, w: 80, h: 16 };
    const free = { x: 320, y: 203, w: 80, h: 16 };
    expect(layoutLabels([twin, free], [panel])[1]).toEqual({ dy: 0, hidden: false });
  });

  it('hides a label that rises into a cover', () => {
    const banner = { x: 0, y: 0, w: 800, h: 40 };
    const low = { x: 100, y: 50, w: 80, h: 16 };
    const high = { x: 110, y: 48, w: 80, h: 16 };
    expect(layoutLabels([low, high], [banner]).map((p) => p.hidden)).toEqual([false, true]);
  });

  it('lets empty boxes (labels not drawn) be', () => {
    expect(
      layoutLabels([
        { x: 10, y: 10, w: 0, h: 0 },
        { x: 10, y: 10, w: 40, h: 12 },
      ]),
    ).toEqual([
      { dy: 0, hidden: false },
      { dy: 0, hidden: false },
    ]);
  });

  it('is the same for the same boxes in any order', () => {
    const boxes = [
      { x: 0, y: 100, w: 60, h: 20 },
      { x: 20, y: 95, w: 60, h: 20 },
      { x: 40, y: 100, w: 60, h: 20 },
      { x: 10, y: 80, w: 60, h: 20 },
    ];
    const key = (bs: ScreenBox[]) => bs.map((b) => `${b.x},${b.y}`).sort();
    const reversed = [...boxes].reverse();
    expect(key(shown(reversed))).toEqual(key(shown(boxes)));
  });
});
