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

/** A texture with `text` centred, white on transparent with a dark outline; caller disposes it. */
export function labelTexture(text: string, colour = '#ffffff'): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 64;
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
    ctx.strokeText(text, 64, 34);
    ctx.fillStyle = colour;
    ctx.fillText(text, 64, 34);
  };
  drawWhenFontsLoad(font, text, draw, () => {
    texture.needsUpdate = true;
  });
  return texture;
}
