/**
 * BLKOUT unit cards as data (assets/rulesets/blkout/units.json): the schema, validation with errors
 * that name the file, the field and the value, and weapon-rule parsing.
 */
import type { Result } from '../../result';
import { z } from 'zod';
import { meshField } from '../engine/meshField';
import { flagDuplicateIds, parseFile, validateFile, type DataError } from '../engine/dataFile';

/** Weapon and model rules the text defines (anything else on a card is refused by validation). */
export const KNOWN_RULES = [
  'CQB',
  'Sustained',
  'AP',
  'Blast',
  'Heavy',
  'Medium',
  'Cyclic',
  'Melee',
  'EMP',
  'Auto',
  'Indirect',
  'Seeking',
  'Deployed',
  'One Use',
  '3-dice CQC',
  'AI',
  'Drone',
  'Jump',
  'Low Tech',
  'Powered',
  'Shield',
  'Outsourced',
  'Data Spike',
  'Jammer',
  'Data Knife',
  'Counter EWAR',
  'Team Leader',
  'Sidewinder',
  'Boost',
  'Targeting Array',
] as const;
/** A rule name. */
export type RuleName = (typeof KNOWN_RULES)[number];
/** Rules that carry a number: "AP (2)". */
const WITH_X = new Set<RuleName>(['Sustained', 'AP', 'Blast', 'Auto', 'Jump', 'Jammer', 'Data Knife', 'Sidewinder']);

/** A parsed rule: its name and X (0 when it has none). */
export interface RuleRef {
  /** Given by an armoury item for this activation only. */
  armoury?: boolean;
  name: RuleName;
  x: number;
}

/** Parses "AP (2)" / "CQB"; null when the name is not a rule of the text or X is missing. */
export function parseRule(text: string): RuleRef | null {
  const m = /^\s*([A-Za-z0-9 -]+?)\s*(?:\((\d+)\))?\s*$/.exec(text);
  if (!m) return null;
  const name = KNOWN_RULES.find((r) => r.toLowerCase() === m[1]!.toLowerCase());
  if (!name) return null;
  const x = m[2] === undefined ? 0 : Number(m[2]);
  if (WITH_X.has(name) !== (m[2] !== undefined)) return null;
  return { name, x };
}

const ruleText = z.string().refine((t) => parseRule(t) !== null, {
  message: `not a rule of the text; use one of: ${KNOWN_RULES.join(', ')} (with "(X)" where it takes a number)`,
});

const weaponSchema = z.strictObject({
  name: z.string().min(1).max(60),
  range: z
    .tuple([z.number().min(0), z.number().positive()])
    .refine(([a, b]) => a < b, { message: 'minimum range must be below maximum range' }),
  damage: z.number().int().min(1).max(10),
  rules: z.array(ruleText),
});
/** A weapon profile: name, [min, max] range in inches, damage per success, rules. */
export type WeaponCard = z.infer<typeof weaponSchema>;

const specialistSchema = z.strictObject({
  name: z.string().min(1).max(60),
  weapons: z.array(weaponSchema).optional(),
  rules: z.array(ruleText).optional(),
});

const ROLES = ['force', 'strikeforce', 'handler', 'blklist', 'duster'] as const;
/** Where a unit may go in a group. */
export type UnitRole = (typeof ROLES)[number];

const unitSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -'),
  faction: z.string().nullable(),
  role: z.enum(ROLES),
  name: z.string().min(1).max(60),
  move: z.number().positive().max(24),
  skill: z.number().int().min(2).max(10),
  armour: z.tuple([z.number().int().min(0).max(6), z.number().int().min(2).max(10)]),
  grunts: z.number().int().min(0).max(10),
  combatLoads: z.number().int().min(0).max(3),
  /** Damage track boxes per model; 0 = no track (removed at the first damage). */
  track: z.number().int().min(0).max(8),
  chassis: z.number().int().min(1).max(8).optional(),
  mobility: z.number().int().min(1).max(8).optional(),
  controller: z.boolean().optional(),
  rules: z.array(ruleText).optional(),
  baseMm: z.number().min(20).max(120).optional(),
  height: z.number().positive().max(6).optional(),
  kind: z.enum(['infantry', 'vehicle', 'drone']).optional(),
  /** The unit's own miniature (a .glb, .gltf or .stl file), drawn for each of its models. */
  mesh: meshField.optional(),
  weapons: z.array(weaponSchema).min(1),
  specialists: z.array(specialistSchema),
  sources: z.array(z.string()),
});
/** One unit card. */
export type UnitCard = z.infer<typeof unitSchema>;

/** An armoury item: a weapon, special rules, or a smoke token placed within `smoke` inches, for one activation. */
const armourySchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -'),
    name: z.string().min(1).max(60),
    weapon: weaponSchema.optional(),
    rules: z.array(ruleText).optional(),
    smoke: z.number().positive().max(12).optional(),
  })
  .refine((a) => [a.weapon, a.rules, a.smoke].filter((x) => x !== undefined).length === 1, {
    message: 'an armoury item is exactly one of: a weapon, rules, or smoke',
  });
/** One armoury item. */
export type ArmouryItem = z.infer<typeof armourySchema>;

/** Battle drills the rules know (a force card names three). */
export const DRILL_IDS = [
  'assaulters',
  'chaff',
  'stims',
  'close-assault',
  'cross-fire',
  'switchback',
  'arsenal',
  'peel-back',
  'linked',
  'targeting-smoke',
  'thorax-shields',
  'overwhelming-fire',
  'small-unit-tactics',
  'tactical-positioning',
] as const;
/** A battle drill's id. */
export type DrillId = (typeof DRILL_IDS)[number];

const drillSchema = z.strictObject({ id: z.enum(DRILL_IDS), name: z.string().min(1).max(60), text: z.string().min(1) });
/** A battle drill as the force card gives it. */
export type BattleDrill = z.infer<typeof drillSchema>;

const factionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  forceRule: z.strictObject({ id: z.string(), text: z.string() }),
  armoury: z.array(armourySchema).optional(),
  battleDrills: z.array(drillSchema).max(3).optional(),
});
/** A faction (its core force card's force rule). */
export type Faction = z.infer<typeof factionSchema>;

const dataSchema = z
  .strictObject({
    format: z.literal('blkout-units/1'),
    about: z.string().optional(),
    factions: z.array(factionSchema).min(1),
    /** The Dusters' own armoury (their combat loads draw on it). */
    dusterArmoury: z.array(armourySchema).optional(),
    units: z.array(unitSchema).min(1),
  })
  .superRefine((d, ctx) => {
    flagDuplicateIds(d.units, ['units'], 'unit', ctx);
    d.units.forEach((u, i) => {
      if (u.faction !== null && !d.factions.some((f) => f.id === u.faction))
        ctx.addIssue({
          code: 'custom',
          path: ['units', i, 'faction'],
          message: `no faction "${u.faction}" in this file`,
          input: u.faction,
        });
      if ((u.role === 'force' || u.role === 'strikeforce') && u.faction === null)
        ctx.addIssue({
          code: 'custom',
          path: ['units', i, 'faction'],
          message: `a ${u.role} unit needs a faction`,
          input: null,
        });
      if (u.role === 'duster' && (u.chassis === undefined || u.mobility === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['units', i],
          message: 'a Duster needs chassis and mobility tracks',
          input: u.id,
        });
    });
  });
/** The whole data file. */
export type BlkoutData = z.infer<typeof dataSchema>;

export type { DataError, DataIssue } from '../engine/dataFile';

/** Validates unit data (already parsed JSON): the data, or an error naming each bad field. */
export function validateData(json: unknown, file: string): Result<BlkoutData, DataError> {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a data file. */
export function parseData(text: string, file: string): Result<BlkoutData, DataError> {
  return parseFile(dataSchema, text, file);
}

/** The rules of a weapon or model, parsed (validation guarantees they parse). */
export function rulesOf(list: readonly string[] | undefined): RuleRef[] {
  return (list ?? []).map((t) => parseRule(t)!);
}

/** X of a rule in a list (0 when absent). */
export function ruleX(list: readonly RuleRef[], name: RuleName): number {
  return list.find((r) => r.name === name)?.x ?? 0;
}

/** Whether a list has a rule. */
export function hasRule(list: readonly RuleRef[], name: RuleName): boolean {
  return list.some((r) => r.name === name);
}
