/**
 * Five Parsecs forces files (`fiveparsecs-forces/1`): a weapons list, enemy types (numbers, Panic,
 * Speed, Combat Skill, Toughness, AI type, weapons, special rules, armour save) and crews (figures
 * with Reactions, Speed, Combat Skill, Toughness, Savvy and weapons). Figures name their weapons by
 * id, so the file carries its own weapons. A bad file is refused naming the file, the field and the
 * value (engine/dataFile.ts).
 */
import type { Result } from '../../result';
import { z } from 'zod';
import { meshField } from '../engine/meshField';
import { flagDuplicateIds, parseFile, validateFile, type DataError } from '../engine/dataFile';

/** The seven enemy AI types (../shared/rules/README.md, "Enemy AI types"). */
export const AI_TYPES = ['cautious', 'aggressive', 'tactical', 'defensive', 'rampaging', 'beast', 'guardian'] as const;
/** An enemy AI type. */
export type AiType = (typeof AI_TYPES)[number];

/** Weapon traits (README "Traits"): each a closed word, so a misspelt trait is refused. */
export const WEAPON_TRAITS = [
  'area',
  'critical',
  'focused',
  'heavy',
  'melee',
  'pistol',
  'piercing',
  'snap-shot',
  'single-use',
] as const;
/** A weapon trait. */
export type WeaponTrait = (typeof WEAPON_TRAITS)[number];

/** Special rules an enemy type may have (the text names Fearless; armour is the separate `save`). */
export const SPECIAL_RULES = ['fearless'] as const;
/** A special rule. */
export type SpecialRule = (typeof SPECIAL_RULES)[number];

const id = z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -');
const name = z.string().min(1).max(60);
/** Combat Skill is a bonus added to a D6 (+0 to +5 in the book's tables). */
const combatSkill = z.number().int().min(0).max(5);
const toughness = z.number().int().min(1).max(10);
const speed = z.number().positive().max(12);
/** An armour save: a D6 at or above it ignores the Hit (War Bots: 5+). */
const save = z.number().int().min(2).max(6).optional();

const weaponSchema = z
  .strictObject({
    id,
    name,
    /** Inches, or "brawl" for a weapon only used in Brawls (Blade, Ripper sword). */
    range: z.union([z.number().positive().max(72), z.literal('brawl')]),
    /** Shots per Combat Action; required for a ranged weapon, absent for a brawl weapon. */
    shots: z.number().int().min(1).max(6).optional(),
    /** Added to the D6 damage roll. */
    damage: z.number().int().min(0).max(5),
    traits: z.array(z.enum(WEAPON_TRAITS)).max(WEAPON_TRAITS.length),
  })
  .superRefine((w, ctx) => {
    if (w.range !== 'brawl' && w.shots === undefined)
      ctx.addIssue({ code: 'custom', path: ['shots'], message: 'a ranged weapon needs shots', input: undefined });
    if (w.range === 'brawl' && w.shots !== undefined)
      ctx.addIssue({ code: 'custom', path: ['shots'], message: 'a brawl weapon has no shots', input: w.shots });
    const dup = w.traits.find((t, i) => w.traits.indexOf(t) !== i);
    if (dup) ctx.addIssue({ code: 'custom', path: ['traits'], message: `trait "${dup}" twice`, input: dup });
  });
/** One weapon. */
export type Weapon = z.infer<typeof weaponSchema>;

const enemySchema = z.strictObject({
  id,
  name,
  /** The type's Numbers modifier (Gangers +2); how many turn up is the battle set-up's business, not built yet. */
  numbers: z.number().int().min(-3).max(5),
  /** The top of the Panic range 1-N (Gangers 1-2 is 2); 0 has no range: never Bails on morale. */
  panic: z.number().int().min(0).max(5),
  speed,
  combatSkill,
  toughness,
  ai: z.enum(AI_TYPES),
  weapons: z.array(id).min(1).max(4),
  special: z.array(z.enum(SPECIAL_RULES)),
  save,
  /** The opponent's modifier to the crew's Seize the Initiative roll (0 when the type gives none). */
  seize: z.number().int().min(-3).max(3).optional(),
  /** Every figure of the type as this miniature (a .glb, .gltf or .stl file), drawn in place of the project's. */
  mesh: meshField.optional(),
});
/** One enemy type. */
export type EnemyType = z.infer<typeof enemySchema>;

const figureSchema = z.strictObject({
  id,
  name,
  /** A Reaction Roll die at or under it acts Quick (1-6). */
  reactions: z.number().int().min(1).max(6),
  speed,
  combatSkill,
  toughness,
  /** The crew's highest Savvy adds to Seize the Initiative. */
  savvy: z.number().int().min(0).max(5),
  weapons: z.array(id).min(1).max(4),
  save,
  /** A Feral: a single 1 on the Reaction Roll must go to one; the crew ignores opponents' Seize penalties. */
  feral: z.boolean().optional(),
  /** The figure's own miniature (a .glb, .gltf or .stl file), drawn in place of the project's. */
  mesh: meshField.optional(),
});
/** One crew figure. */
export type CrewFigure = z.infer<typeof figureSchema>;

const crewSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(80),
    sample: z.boolean().optional(),
    figures: z.array(figureSchema).min(1).max(8),
  })
  .superRefine((c, ctx) => flagDuplicateIds(c.figures, ['figures'], 'figure', ctx));
/** A crew. */
export type Crew = z.infer<typeof crewSchema>;

const dataSchema = z
  .strictObject({
    format: z.literal('fiveparsecs-forces/1'),
    about: z.string().optional(),
    weapons: z.array(weaponSchema),
    enemies: z.array(enemySchema),
    crews: z.array(crewSchema),
  })
  .superRefine((d, ctx) => {
    if (d.enemies.length === 0 && d.crews.length === 0)
      ctx.addIssue({ code: 'custom', path: [], message: 'a forces file needs an enemy type or a crew', input: d });
    flagDuplicateIds(d.weapons, ['weapons'], 'weapon', ctx);
    flagDuplicateIds(d.enemies, ['enemies'], 'enemy', ctx);
    flagDuplicateIds(d.crews, ['crews'], 'crew', ctx);
    const weapons = new Set(d.weapons.map((w) => w.id));
    const known = (path: (string | number)[], ws: readonly string[]) =>
      ws.forEach((w, k) => {
        if (!weapons.has(w))
          ctx.addIssue({ code: 'custom', path: [...path, k], message: `no weapon "${w}" in this file`, input: w });
      });
    d.enemies.forEach((e, i) => known(['enemies', i, 'weapons'], e.weapons));
    d.crews.forEach((c, i) => c.figures.forEach((f, j) => known(['crews', i, 'figures', j, 'weapons'], f.weapons)));
  });
/** A whole forces file. */
export type FiveParsecsData = z.infer<typeof dataSchema>;

/** Validates a parsed forces file: the data, or an error naming each bad field and its value. */
export function validateForces(json: unknown, file: string): Result<FiveParsecsData, DataError> {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a forces file (text that is not JSON is refused too). */
export function parseForces(text: string, file: string): Result<FiveParsecsData, DataError> {
  return parseFile(dataSchema, text, file);
}

/** A weapon of a validated file by id (validation guarantees every id a figure names is there). */
export function weaponById(d: FiveParsecsData, weaponId: string): Weapon {
  const w = d.weapons.find((x) => x.id === weaponId);
  if (!w) throw new Error(`no weapon "${weaponId}" (was the file validated?)`);
  return w;
}

/** Whether an enemy type never Bails (Fearless). */
export const isFearless = (e: EnemyType): boolean => e.special.includes('fearless');
