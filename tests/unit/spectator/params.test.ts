import { describe, expect, it } from 'vitest';
import {
  ALL_PARTS,
  isSpectatorUrl,
  parseAspect,
  parseChroma,
  parseOverlay,
  parseSpectatorParams,
} from '../../../src/spectator/params';

describe('spectator URL parameters', () => {
  it('knows a spectator URL by its flag, with or without a value', () => {
    expect(isSpectatorUrl('?spectator')).toBe(true);
    expect(isSpectatorUrl('?aspect=16:9&spectator')).toBe(true);
    expect(isSpectatorUrl('?spectator=1')).toBe(true);
    expect(isSpectatorUrl('?spectate')).toBe(false);
    expect(isSpectatorUrl('')).toBe(false);
  });

  it.each([
    ['00ff00', '#00ff00'],
    ['00FF00', '#00ff00'],
    ['#0f0', '#00ff00'],
    ['0f0', '#00ff00'],
    ['1a2B3c', '#1a2b3c'],
  ])('reads chroma=%s as %s', (value, colour) => {
    expect(parseChroma(value)).toEqual({ ok: true, colour });
  });

  it.each(['zz', '00ff0', '00ff000', 'green', '', '#12345g'])(
    'refuses chroma=%s, naming the parameter and the value',
    (v) => {
      const r = parseChroma(v);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain(`chroma=${v}:`);
    },
  );

  it('reads shapes W:H, and refuses anything else', () => {
    expect(parseAspect('16:9')).toEqual({ ok: true, aspect: { label: '16:9', ratio: 16 / 9 } });
    expect(parseAspect('9:16')).toEqual({ ok: true, aspect: { label: '9:16', ratio: 9 / 16 } });
    expect(parseAspect('1:1')).toEqual({ ok: true, aspect: { label: '1:1', ratio: 1 } });
    for (const bad of ['16', '0:9', 'wide', '16:-9']) {
      const r = parseAspect(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain(`aspect=${bad}`);
    }
  });

  it('turns on only the listed overlay parts', () => {
    expect(parseOverlay('score,log')).toEqual({
      ok: true,
      parts: { status: false, score: true, roll: false, log: true },
    });
    expect(parseOverlay('none')).toEqual({ ok: true, parts: { status: false, score: false, roll: false, log: false } });
    const r = parseOverlay('score,dice');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('"dice"');
  });

  it('collects every refused value and keeps the defaults for them', () => {
    const { params, errors } = parseSpectatorParams('?spectator&chroma=xyz&aspect=tall&transparent');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('aspect=tall');
    expect(errors[1]).toContain('chroma=xyz');
    expect(params).toEqual({ aspect: null, chroma: null, transparent: true, overlay: ALL_PARTS });
  });

  it('prefers the key colour when both chroma and transparent are given, and says so', () => {
    const { params, errors } = parseSpectatorParams('?spectator&chroma=00ff00&transparent');
    expect(params.chroma).toBe('#00ff00');
    expect(params.transparent).toBe(false);
    expect(errors[0]).toContain('chroma and transparent');
  });
});
