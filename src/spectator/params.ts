/**
 * The spectator window's URL parameters: `spectator`, `aspect=16:9|1:1|9:16` (any W:H), `chroma=<hex>`,
 * `transparent` and `overlay=status,score,roll,log`. A bad value is refused with a message naming the
 * parameter and the value, so a streamer sees what to fix.
 */

/** The overlay's parts, in the order they are drawn. */
export const OVERLAY_PARTS = ['status', 'score', 'roll', 'log'] as const;
/** One part of the broadcast overlay. */
export type OverlayPart = (typeof OVERLAY_PARTS)[number];
/** Which overlay parts show. */
export type OverlayParts = Record<OverlayPart, boolean>;

/** Every part on (the default). */
export const ALL_PARTS: OverlayParts = { status: true, score: true, roll: true, log: true };

/** A letterbox shape: the words it was given in and width / height. */
export interface Aspect {
  label: string;
  ratio: number;
}

/** What the spectator's URL asks for. */
export interface SpectatorParams {
  aspect: Aspect | null;
  /** The key colour as `#rrggbb`, or null. */
  chroma: string | null;
  transparent: boolean;
  overlay: OverlayParts;
}

/** Whether the page's query asks for the spectator window. */
export function isSpectatorUrl(search: string): boolean {
  return new URLSearchParams(search).has('spectator');
}

/** `00ff00`, `#0f0` or `0F0` as `#rrggbb`; or why not (naming the parameter and the value). */
export function parseChroma(value: string): { ok: true; colour: string } | { ok: false; error: string } {
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(hex)) return { ok: true, colour: `#${hex.toLowerCase()}` };
  if (/^[0-9a-f]{3}$/i.test(hex))
    return {
      ok: true,
      colour: `#${[...hex.toLowerCase()].map((c) => c + c).join('')}`,
    };
  return {
    ok: false,
    error: `chroma=${value}: not a 3- or 6-digit hex colour (try chroma=00ff00)`,
  };
}

/** `16:9` (or `16x9`, `16/9`) as an aspect; or why not. */
export function parseAspect(value: string): { ok: true; aspect: Aspect } | { ok: false; error: string } {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/i.exec(value);
  const w = m ? Number(m[1]) : NaN;
  const h = m ? Number(m[2]) : NaN;
  if (!(w > 0 && h > 0)) return { ok: false, error: `aspect=${value}: not a shape like 16:9, 1:1 or 9:16` };
  return { ok: true, aspect: { label: `${m![1]}:${m![2]}`, ratio: w / h } };
}

/** `status,score` as the parts that show (the rest off); or why not. */
export function parseOverlay(value: string): { ok: true; parts: OverlayParts } | { ok: false; error: string } {
  const parts: OverlayParts = { status: false, score: false, roll: false, log: false };
  const names = value
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '' && x !== 'none');
  for (const n of names) {
    if (!(OVERLAY_PARTS as readonly string[]).includes(n))
      return { ok: false, error: `overlay=${value}: "${n}" is not one of ${OVERLAY_PARTS.join(', ')} (or none)` };
    parts[n as OverlayPart] = true;
  }
  return { ok: true, parts };
}

/** The spectator's parameters from a query string, with a message for each refused value (that value is left at its default). */
export function parseSpectatorParams(search: string): { params: SpectatorParams; errors: string[] } {
  const q = new URLSearchParams(search);
  const errors: string[] = [];
  const params: SpectatorParams = { aspect: null, chroma: null, transparent: q.has('transparent'), overlay: ALL_PARTS };
  const aspect = q.get('aspect');
  if (aspect !== null) {
    const r = parseAspect(aspect);
    if (r.ok) params.aspect = r.aspect;
    else errors.push(r.error);
  }
  const chroma = q.get('chroma');
  if (chroma !== null) {
    const r = parseChroma(chroma);
    if (r.ok) params.chroma = r.colour;
    else errors.push(r.error);
  }
  const overlay = q.get('overlay');
  if (overlay !== null) {
    const r = parseOverlay(overlay);
    if (r.ok) params.overlay = r.parts;
    else errors.push(r.error);
  }
  if (params.chroma && params.transparent) errors.push('chroma and transparent both given: the key colour is used');
  if (params.chroma) params.transparent = false;
  return { params, errors };
}
