/**
 * Measures what the docked panels take of the table's canvas, for the camera to frame the table in the
 * rest (state/framing.ts). A dock (`data-dock="left"` or `"right"`) holds panels; an open panel takes its
 * whole column, a folded one (`data-folded="true"`) only its title bar. The right dock takes its column
 * even while empty: the model card appears there when a model is selected, and the table should not move
 * each time it does.
 */
import { useEffect, type RefObject } from 'react';
import { reservation, type CanvasBox } from '../state/framing';
import type { TabletopStore, TakenBox } from '../state/store';

/** What the docks inside `stage` take of its canvas, in the canvas's pixels. */
export function measureTaken(stage: HTMLElement): { canvas: { w: number; h: number }; boxes: TakenBox[] } | null {
  const canvasEl = stage.querySelector('[data-testid=table-canvas]');
  if (!canvasEl) return null;
  const c = canvasEl.getBoundingClientRect();
  const canvas = { w: Math.round(c.width), h: Math.round(c.height) };
  const rel = (el: Element): CanvasBox => {
    const r = el.getBoundingClientRect();
    return {
      x: Math.round(r.left - c.left),
      y: Math.round(r.top - c.top),
      w: Math.round(r.width),
      h: Math.round(r.height),
    };
  };
  const boxes: TakenBox[] = [];
  for (const dock of stage.querySelectorAll<HTMLElement>('[data-dock]')) {
    const side = dock.dataset.dock === 'right' ? 'right' : 'left';
    const kids = [...dock.children].map((el) => ({ el, box: rel(el) })).filter((k) => k.box.w > 0 && k.box.h > 0);
    const open = kids.filter((k) => (k.el as HTMLElement).dataset.folded !== 'true');
    if (side === 'right' && kids.length === 0) {
      boxes.push(reservation(canvas, side, rel(dock), false));
      continue;
    }
    if (open.length > 0) {
      // The column from the canvas's edge to the open panels' farthest edge.
      const x0 = Math.min(...open.map((k) => k.box.x));
      const x1 = Math.max(...open.map((k) => k.box.x + k.box.w));
      boxes.push(reservation(canvas, side, { x: x0, y: 0, w: x1 - x0, h: canvas.h }, false));
    }
    for (const k of kids) if (!open.includes(k)) boxes.push(k.box);
  }
  return { canvas, boxes };
}

/** Keeps the store's `taken` up to date with the docks in `stage` (panels opening, folding, resizing; the window resizing). */
export function useTaken(store: TabletopStore, stage: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const t = measureTaken(el);
      if (!t) return;
      const now = store.getState().taken;
      if (JSON.stringify(now) !== JSON.stringify(t)) store.getState().setTaken(t);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const sized = new ResizeObserver(later);
    const watch = () => {
      sized.disconnect();
      sized.observe(el);
      for (const dock of el.querySelectorAll('[data-dock]')) {
        sized.observe(dock);
        for (const kid of dock.children) sized.observe(kid);
      }
    };
    watch();
    const changed = new MutationObserver(() => {
      watch();
      later();
    });
    for (const dock of el.querySelectorAll('[data-dock]'))
      changed.observe(dock, { childList: true, attributes: true, subtree: true, attributeFilter: ['data-folded'] });
    later();
    return () => {
      sized.disconnect();
      changed.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [store, stage]);
}
