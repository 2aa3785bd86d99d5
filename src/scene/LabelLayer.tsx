/**
 * The table's DOM labels (every drei `Html` with the `label` class: badges, name tags, marker, ring,
 * tape and damage labels) as one layer beneath the interface. The canvas's element becomes its own
 * stacking context, so no label's z-index (drei's `zIndexRange`) lifts it above a panel beside the
 * canvas; and after each frame the labels are laid out (`layoutLabels`): one that would overlap
 * another rises above it, and one that would lie under a panel, the card, the log, the Help window or a
 * banner is hidden, so none shows even through a translucent panel.
 *
 * Drawn with nothing: it reads the labels' boxes from the page and sets each label's CSS `translate`
 * and `visibility`, which drei and React leave alone.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { layoutLabels, type ScreenBox } from './labelLayout';

/** The labels drei draws in the canvas's element (each `Html` wraps its `label` div in one positioned div). */
const LABELS = ':scope > div > .label';

/** Whether an element paints anything of its own: a background or a border. */
function paints(style: CSSStyleDeclaration): boolean {
  const clear = (c: string) => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
  return (
    !clear(style.backgroundColor) ||
    style.backgroundImage !== 'none' ||
    (style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0)
  );
}

/**
 * The boxes the interface covers over the canvas: each element beside it (the panels, the card, the
 * log, the Help window, the banners), or, for a bare wrapper (no background, no border: the spectator's
 * overlay), the covers inside it.
 */
function coversBeside(canvasBox: HTMLElement): ScreenBox[] {
  const out: ScreenBox[] = [];
  const visit = (el: Element, depth: number) => {
    if (!(el instanceof HTMLElement) || el === canvasBox) return;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    if (paints(style) || depth > 3) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) out.push({ x: r.left, y: r.top, w: r.width, h: r.height });
      return;
    }
    for (const child of el.children) visit(child, depth + 1);
  };
  for (const el of canvasBox.parentElement?.children ?? []) visit(el, 0);
  return out;
}

/** Lays the labels out after every frame, and whenever a label or the interface beside the canvas changes. */
export function LabelLayer() {
  const gl = useThree((s) => s.gl);
  const connected = useThree((s) => s.events.connected) as unknown;
  // drei's Html joins the element the events are connected to, else the canvas's parent.
  const box = (connected instanceof HTMLElement ? connected : gl.domElement.parentElement) as HTMLElement | null;
  const pending = useRef(false);
  const schedule = useRef<() => void>(() => {});

  useEffect(() => {
    if (!box) return;
    // One stacking context for the canvas and its labels: the interface beside it paints above all of them.
    box.style.isolation = 'isolate';
    const covers: { boxes: ScreenBox[] | null } = { boxes: null };
    const offsets = new WeakMap<HTMLElement, number>();
    const run = () => {
      pending.current = false;
      const labels = [...box.querySelectorAll<HTMLElement>(LABELS)];
      covers.boxes ??= coversBeside(box);
      const natural = labels.map((el): ScreenBox => {
        const r = el.getBoundingClientRect();
        // The box without the offset this layer gave it last time.
        return { x: r.left, y: r.top - (offsets.get(el) ?? 0), w: r.width, h: r.height };
      });
      layoutLabels(natural, covers.boxes).forEach((place, i) => {
        const el = labels[i]!;
        const dy = Math.round(place.dy);
        if ((offsets.get(el) ?? 0) !== dy) {
          offsets.set(el, dy);
          el.style.translate = dy ? `0 ${dy}px` : '';
        }
        const visibility = place.hidden ? 'hidden' : '';
        if (el.style.visibility !== visibility) el.style.visibility = visibility;
      });
      watchLabels(labels);
    };
    // Once per frame at most, after every label has taken this frame's place (drei moves them in its own useFrame).
    schedule.current = () => {
      if (pending.current) return;
      pending.current = true;
      queueMicrotask(run);
    };
    const later = schedule.current;
    // A label's size changes with its words; the interface beside the canvas opens, folds and grows.
    const sized = new ResizeObserver(() => {
      covers.boxes = null;
      later();
    });
    const watched = new Set<Element>();
    const watchLabels = (labels: HTMLElement[]) => {
      for (const el of labels)
        if (!watched.has(el)) {
          watched.add(el);
          sized.observe(el);
        }
      for (const el of watched)
        if (!el.isConnected) {
          watched.delete(el);
          sized.unobserve(el);
        }
    };
    const watchBeside = () => {
      for (const el of box.parentElement?.children ?? [])
        if (el !== box && !watched.has(el)) {
          watched.add(el);
          sized.observe(el);
        }
    };
    watchBeside();
    // Labels come and go (drei renders their words a moment after adding them); panels come and go.
    const added = new MutationObserver(later);
    added.observe(box, { childList: true, subtree: true });
    const beside = new MutationObserver((records) => {
      // The labels' own moves (drei's and this layer's) are not the interface's.
      if (records.every((r) => box.contains(r.target))) return;
      covers.boxes = null;
      watchBeside();
      later();
    });
    if (box.parentElement) beside.observe(box.parentElement, { childList: true, subtree: true, attributes: true });
    const resized = () => {
      covers.boxes = null;
      later();
    };
    window.addEventListener('resize', resized);
    later();
    return () => {
      schedule.current = () => {};
      added.disconnect();
      beside.disconnect();
      sized.disconnect();
      window.removeEventListener('resize', resized);
    };
  }, [box]);

  useFrame(() => schedule.current());
  return null;
}
