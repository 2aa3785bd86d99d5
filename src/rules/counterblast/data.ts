/**
 * Counterblast crew files (`counterblast-crews/1`): crews of Heroes, Lackeys and Vehicles with their
 * stat lines and weapons. The text gives no stat lines, so the shipped crews are labelled samples;
 * a bad file is refused naming the file, the field and the value.
 */
import type { Result } from '../../result';
import { z } from 'zod';
import { meshField } from '../engine/meshField';
import { flagDuplicateIds, parseFile, validateFile, type DataError } from '../engine/dataFile';

/** Model sizes, smallest first (Throw and Jump compare them). */
export const SIZES = ['small', 'medium', 'large', 'huge'] as const;

const dice = z.number().int().min(0).max(10);
/** The conditions a weapon or enigma can inflict (Down, Engaged, Panic, Prone, Spent, Stable and Stunned come from the rules themselves). */
export const INFLICTED = ['blind', 'burning', 'half-blind', 'marked', 'pinned'] as const;
/** One of them. */
export type Inflicted = (typeof INFLICTED)[number];
/** A weapon's trait: the condition a successful attack with it inflicts. */
const inflicts = z.enum(INFLICTED).optional();
/** Some rules let dice explode on 8s or 9s (the text: "just like exploding 10's"): a weapon trait. */
const explodeOn = z.union([z.literal(8), z.literal(9)]).optional();
const shootingSchema = z.strictObject({
  name: z.string().min(1).max(60),
  range: z.number().positive().max(72),
  damage: z.number().int().min(1).max(10),
  inflicts,
  explodeOn,
  /** A pistol may make Snapshots while its model is Engaged. */
  pistol: z.boolean().optional(),
});
const strikingSchema = z.strictObject({
  name: z.string().min(1).max(60),
  reach: z.number().positive().max(6),
  damage: z.number().int().min(1).max(10),
  inflicts,
  explodeOn,
});

/** Gear a model carries: a medkit heals with Treat, a toolkit repairs with Engineer, a scanner Marks enemies with Hack. */
export const GEAR = ['medkit', 'toolkit', 'scanner'] as const;
/** Psi Craft effects (the text names none: README, "Psi"). */
export const CRAFT_EFFECTS = ['heal', 'cleanse'] as const;
/** An enigma a psifer activates: a Psi Strike (raw damage per success, maybe a condition) or a Psi Craft (an effect on a friend). */
const enigmaSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    name: z.string().min(1).max(60),
    kind: z.literal('strike'),
    range: z.number().positive().max(36),
    damage: z.number().int().min(1).max(10),
    inflicts,
  }),
  z.strictObject({
    name: z.string().min(1).max(60),
    kind: z.literal('craft'),
    range: z.number().positive().max(36),
    effect: z.enum(CRAFT_EFFECTS),
  }),
]);
/** One enigma. */
export type Enigma = z.infer<typeof enigmaSchema>;

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
  /** Psi dice: a psifer (Psi > 0) rolls them for Psi Strike, Psi Craft and Disperse. */
  psi: dice.optional(),
  enigmas: z.array(enigmaSchema).optional(),
  gear: z.array(z.enum(GEAR)).optional(),
  /** The model's own miniature (a .glb, .gltf or .stl file), drawn in place of the project's figure. */
  mesh: meshField.optional(),
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
    flagDuplicateIds(c.models, ['models'], 'model', ctx);
    c.models.forEach((m, i) => {
      if (m.character && m.type !== 'hero')
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'character'],
          message: 'only Heroes can be Characters',
          input: true,
        });
    });
    const chars = c.models.filter((m) => m.character).map((m) => m.name);
    const dup = chars.find((n, i) => chars.indexOf(n) !== i);
    if (dup)
      ctx.addIssue({
        code: 'custom',
        path: ['models'],
        message: `a crew can never take the same Character twice ("${dup}")`,
        input: dup,
      });
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
export function validateCrews(json: unknown, file: string): Result<CounterblastData, DataError> {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a crews file. */
export function parseCrews(text: string, file: string): Result<CounterblastData, DataError> {
  return parseFile(dataSchema, text, file);
}

/** The standard game size, points. */
export const STANDARD_POINTS = 500;

/** A crew's points. */
export const crewPoints = (c: CrewCard): number => c.models.reduce((s, m) => s + m.points, 0);
