/**
 * Text drawn on a canvas texture. The font stack ends in Noto Sans KR (shipped with the app, OFL), so
 * Hangul and Cyrillic draw on machines with no such system font; a texture drawn before the font has
 * loaded is drawn again once it has.
 */
import { CanvasTexture, SRGBColorSpace } from 'three';

/** The fonts of text drawn on canvases (labels, dice faces): the system's, then the shipped Noto Sans KR. */
export const CANVAS_FONT_STACK = 'system-ui, "Noto Sans KR", "DejaVu Sans", sans-serif';

/**
 * Draws `draw` now and, when the page's fonts have not loaded the glyphs of `text` in `font` yet, once
 * more after they have (then `onRedrawn` runs, e.g. to mark a texture for upload).
 */
export function drawWhenFontsLoad(font: string, text: string, draw: () => void, onRedrawn: () => void): void {
  draw();
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts || !text || fonts.check(font, text)) return;
  fonts.load(font, text).then(
    () => {
      draw();
      onRedrawn();
    },
    () => undefined, // the font cannot load: the first drawing (system fonts) stays
  );
}

/** One label's cell in an atlas, in pixels. */
export const ATLAS_CELL = { w: 128, h: 64 } as const;

/** Labels per atlas row. */
export const ATLAS_COLUMNS = 8;

/** Where label `i` of an atlas sits, as texture coordinates (u0, v0 bottom-left; u1, v1 top-right). */
export function atlasCell(i: number, count: number): { u0: number; v0: number; u1: number; v1: number } {
  const rows = Math.max(1, Math.ceil(count / ATLAS_COLUMNS));
  const col = i % ATLAS_COLUMNS;
  const row = Math.floor(i / ATLAS_COLUMNS);
  // Canvas rows run top-down; texture v runs bottom-up (flipY).
  return {
    u0: col / ATLAS_COLUMNS,
    u1: (col + 1) / ATLAS_COLUMNS,
    v1: 1 - row / rows,
    v0: 1 - (row + 1) / rows,
  };
}

/**
 * One texture holding every text of `texts`, each centred in its cell (`atlasCell`), white-on-transparent
 * style with a dark outline in `colour`: the labels it feeds draw in one call. The caller disposes it.
 */
export function labelAtlas(texts: readonly string[], colour = '#ffffff'): CanvasTexture {
  const canvas = document.createElement('canvas');
  const rows = Math.max(1, Math.ceil(texts.length / ATLAS_COLUMNS));
  canvas.width = ATLAS_CELL.w * ATLAS_COLUMNS;
  canvas.height = ATLAS_CELL.h * rows;
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  const font = `bold 44px ${CANVAS_FONT_STACK}`;
  const draw = () => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.font = font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 8;
    ctx.strokeStyle = 'rgba(0,0,0,0.85)';
    ctx.fillStyle = colour;
    texts.forEach((text, i) => {
      const x = (i % ATLAS_COLUMNS) * ATLAS_CELL.w + ATLAS_CELL.w / 2;
      const y = Math.floor(i / ATLAS_COLUMNS) * ATLAS_CELL.h + ATLAS_CELL.h / 2 + 2;
      ctx.strokeText(text, x, y);
      ctx.fillText(text, x, y);
    });
  };
  drawWhenFontsLoad(font, texts.join(''), draw, () => {
    texture.needsUpdate = true;
  });
  return texture;
}
