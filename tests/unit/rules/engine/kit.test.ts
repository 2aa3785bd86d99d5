import { describe, expect, it } from 'vitest';
import { pieceOf } from '../../../../src/rules/engine/kit';

describe('pieceOf', () => {
  const models: Record<string, { id: string }> = { m1: { id: 'm1' } };

  it('returns the piece the state holds (the same object)', () => {
    expect(pieceOf(models, 'm1')).toBe(models.m1);
  });

  it('throws naming the missing id and the kind of piece', () => {
    expect(() => pieceOf(models, 'm9')).toThrow('no model "m9" in the state');
    expect(() => pieceOf({}, 'f2', 'fighter')).toThrow('no fighter "f2" in the state');
  });

  it('reads only the own keys of the table (an id such as "toString" is not a piece)', () => {
    expect(() => pieceOf(models, 'toString')).toThrow('no model "toString" in the state');
  });
});
