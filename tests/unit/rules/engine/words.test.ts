import { describe, expect, it } from 'vitest';
import { en } from '../../../support/words';
import { compass, edgeWords, spotWords } from '../../../../src/rules/engine/words';

describe('table words: edges as the screen shows them, spots without coordinates', () => {
  it('north is the far side (z = 0, top of the screen), south nearest the player (z = depth), west left, east right', () => {
    expect(en(edgeWords('south'))).toBe('the south edge (nearest you)');
    expect(en(edgeWords('north'))).toBe('the north edge (far side)');
    expect(en(edgeWords('west'))).toBe('the west edge (left)');
    expect(en(edgeWords('east'))).toBe('the east edge (right)');
  });
  it('a spot is its distance from the nearer side edge and the nearer far/near edge, to 0.1"', () => {
    const table = { width: 36, depth: 36 };
    expect(en(spotWords(table, 1.5, 3.46))).toBe('1.5" from the west edge, 3.5" from the north edge');
    expect(en(spotWords(table, 30, 34.3))).toBe('6" from the east edge, 1.7" from the south edge');
  });
  it('directions: 0 degrees east (+x), 90 south (+z, towards the player), 270 north', () => {
    expect([0, 45, 90, 180, 270, 315].map((d) => en(compass(d)))).toEqual([
      'east',
      'south-east',
      'south',
      'west',
      'north',
      'north-east',
    ]);
  });
});
