/** Text drawn on a canvas texture: labels that need no font download (the machines are offline). */
import { CanvasTexture, SRGBColorSpace } from 'three';

/** A texture with `text` centred, white on transparent with a dark outline; caller disposes it. */
export function labelTexture(text: string, colour = '#ffffff'): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.font = 'bold 44px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 8;
    ctx.strokeStyle = 'rgba(0,0,0,0.85)';
    ctx.strokeText(text, 64, 34);
    ctx.fillStyle = colour;
    ctx.fillText(text, 64, 34);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}
