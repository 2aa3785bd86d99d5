import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flagDuplicateIds, validateFile } from '../../../../src/rules/engine/dataFile';

const schema = z
  .strictObject({ units: z.array(z.strictObject({ id: z.string() })) })
  .superRefine((d, ctx) => flagDuplicateIds(d.units, ['units'], 'unit', ctx));

describe('data files: duplicate ids', () => {
  it('flags each entry whose id an earlier one has, at its own path, naming the value', () => {
    const r = validateFile(schema, { units: [{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'a' }] }, 'u.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.issues).toEqual([
      { path: 'units[2].id', value: '"a"', message: 'duplicate unit id "a"' },
      { path: 'units[3].id', value: '"a"', message: 'duplicate unit id "a"' },
    ]);
    expect(validateFile(schema, { units: [{ id: 'a' }, { id: 'b' }] }, 'u.json').ok).toBe(true);
  });
});
