/**
 * Counterblast crew files (`counterblast-crews/1`): crews of Heroes, Lackeys and Vehicles with their
 * stat lines and weapons. The text gives no stat lines, so the shipped crews are labelled samples;
 * a bad file is refused naming the file, the field and the value.
 */
import { z } from 'zod';
import { parseFile, validateFile, type DataError } from '../engine/dataFile';

/** Model sizes, smallest first (Throw and Jump compare them). */
export const SIZES = ['small', 'medium', 'large', 'huge'] as const;

const dice = z.number().int().min(0).max(10);
const shootingSchema = z.strictObject({ name: z.string().min(1).max(60), range: z.number().positive().max(72), damage: z.number().int().min(1).max(10) });
const strikingSchema = z.strictObject({ name: z.string().min(1).max(60), reach: z.number().positive().max(6), damage: z.number().int().min(1).max(10) });

const modelSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -'),
  name: z.string().min(1).max(60),
  type: z.enum(['hero', 'lackey', 'vehicle']),
  /** A Character: a Hero a crew may take only once. */
  character: z.boolean().optional(),
  size: z.enum(SIZES),
  body: z.enum(['living', 'robot', 'cyberform']),
  move: z.number().positive().max(24),
  zap: dice,
  grit: dice,
  knack: dice,
  defense: dice,
  mettle: z.number().int().min(1).max(12),
  points: z.number().int().min(0).max(1000),
  shooting: z.array(shootingSchema),
  striking: z.array(strikingSchema),
});
/** One model's card. */
export type ModelCard = z.infer<typeof modelSchema>;

const crewSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1).max(80),
    sample: z.boolean().optional(),
    models: z.array(modelSchema).min(1).max(20),
  })
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    c.models.forEach((m, i) => {
      if (ids.has(m.id)) ctx.addIssue({ code: 'custom', path: ['models', i, 'id'], message: `duplicate model id "${m.id}"`, input: m.id });
      ids.add(m.id);
      if (m.character && m.type !== 'hero') ctx.addIssue({ code: 'custom', path: ['models', i, 'character'], message: 'only Heroes can be Characters', input: true });
    });
    const chars = c.models.filter((m) => m.character).map((m) => m.name);
    const dup = chars.find((n, i) => chars.indexOf(n) !== i);
    if (dup) ctx.addIssue({ code: 'custom', path: ['models'], message: `a crew can never take the same Character twice ("${dup}")`, input: dup });
  });
/** A crew. */
export type CrewCard = z.infer<typeof crewSchema>;

const dataSchema = z.strictObject({
  format: z.literal('counterblast-crews/1'),
  about: z.string().optional(),
  crews: z.array(crewSchema).min(1),
});
/** The whole crews file. */
export type CounterblastData = z.infer<typeof dataSchema>;

/** Validates a parsed crews file: the data, or an error naming each bad field and its value. */
export function validateCrews(json: unknown, file: string): { ok: true; data: CounterblastData } | { ok: false; error: DataError } {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a crews file. */
export function parseCrews(text: string, file: string): { ok: true; data: CounterblastData } | { ok: false; error: DataError } {
  return parseFile(dataSchema, text, file);
}

/** The standard game size, points. */
export const STANDARD_POINTS = 500;

/** A crew's points. */
export const crewPoints = (c: CrewCard): number => c.models.reduce((s, m) => s + m.points, 0);
