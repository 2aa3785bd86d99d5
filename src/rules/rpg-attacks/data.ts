/**
 * Rpg-attacks squads files (`rpg-attacks-squads/1`): a weapons list and squads of characters. The
 * attack chapter (rpg-attacks.en.txt) names the scores an attack reads: the combat skills (Melee,
 * Projectiles, Unarmed), Defense and Willpower (the TNs), Strength (Strength requirements, grapples),
 * Speed (Unbalancing Attack), Armour, Det (Suppressive Fire), AP (spent on reactions such as Dodge) and
 * Size (Driving Attack). It gives no numbers: every number in the shipped file is an editable sample.
 * A weapon's profile: damage and its type, the skill it attacks with, whether it targets Defense or
 * Willpower, its Auto rating (0 = none), Close, two-handed, whether it may be held in the offhand, its
 * range bands (metres, = inches on the table) with their banes, ammunition, and for grenades their
 * Blast (primary/secondary metres). A bad file is refused naming the file, the field and the value
 * (engine/dataFile.ts).
 */
import type { Result } from '../../result';
import { z } from 'zod';
import { meshField } from '../engine/meshField';
import { flagDuplicateIds, parseFile, validateFile, type DataError } from '../engine/dataFile';
import { IMPROVISED_AS, IMPROVISED_KINDS, improvisedWeapon } from './improvised';

/** The file's format tag. */
export const SQUADS_FORMAT = 'rpg-attacks-squads/1';

/** The combat skills the chapter names ("a combat skill—most commonly Melee or Projectiles"; grappling is Unarmed). */
export const SKILLS = ['melee', 'projectiles', 'unarmed'] as const;
/** A combat skill. */
export type Skill = (typeof SKILLS)[number];

/** What an attack's test is against: "physical attacks target Defense, while mental attacks target Willpower". */
export const TARGETS = ['defense', 'willpower'] as const;
/** The score an attack targets. */
export type Versus = (typeof TARGETS)[number];

/** Damage types (the chapter names "8 smashing"; the rest are the sample's vocabulary). */
export const DAMAGE_TYPES = ['smashing', 'cutting', 'piercing', 'burning', 'energy', 'mental'] as const;
/** A damage type. */
export type DamageType = (typeof DAMAGE_TYPES)[number];

const id = z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -');
const name = z.string().min(1).max(60);
const score = z.number().int().min(0).max(30);

const bandSchema = z.strictObject({
  /** Metres (= table inches), edge to edge: the band holds distances up to and including this. */
  upTo: z.number().positive().max(500),
  /** Banes (⊖) on attacks at this range. */
  banes: z.number().int().min(0).max(5),
});
/** One range band: distances up to `upTo` metres attack with `banes` ⊖. */
export type RangeBand = z.infer<typeof bandSchema>;

const weaponSchema = z
  .strictObject({
    id,
    name,
    /** The weapon's Damage: margin of success is added to it. */
    damage: z.number().int().min(0).max(30),
    damageType: z.enum(DAMAGE_TYPES),
    /** The combat skill the attack test uses. */
    skill: z.enum(SKILLS),
    /** The score the attack targets; physical weapons target Defense. */
    targets: z.enum(TARGETS),
    /** The Auto property: shots an automatic-fire attack spends (0 = no automatic fire). */
    auto: z.number().int().min(0).max(20),
    /** The Close property: usable in a grapple unimpeded, and for ranged attacks while engaged in melee. */
    close: z.boolean(),
    /** Two-handed: the Strength requirement is half the damage, and it cannot be held in the offhand. */
    twoHanded: z.boolean(),
    /** May be held in the offhand (dual wielding); offhand attacks take ⊖. */
    offhand: z.boolean(),
    /** Range bands, nearest first, `upTo` strictly growing; a melee weapon reaches 1 m. Beyond the last: out of range. */
    ranges: z.array(bandSchema).min(1).max(6),
    /** Shots (or grenades) carried; absent for weapons that never run out (melee, fists). */
    ammo: z.number().int().min(1).max(999).optional(),
    /** A thrown grenade: an area effect (area rules), thrown with a Projectiles-10 test. */
    grenade: z.literal(true).optional(),
    /** Blast primary/secondary radii in metres ("Blast 1/3"); required for a grenade. */
    blast: z.tuple([z.number().positive().max(30), z.number().positive().max(60)]).optional(),
    /**
     * An explicit Strength requirement, replacing "damage (one-handed) / half damage (two-handed)";
     * "Thrown grenades are treated as requiring Strength 3", so a grenade without one requires 3.
     */
    strengthReq: z.number().int().min(0).max(30).optional(),
  })
  .superRefine((w, ctx) => {
    const issue = (path: (string | number)[], message: string, input: unknown) =>
      ctx.addIssue({ code: 'custom', path, message, input });
    w.ranges.forEach((b, i) => {
      const prev = w.ranges[i - 1];
      if (prev && b.upTo <= prev.upTo)
        issue(['ranges', i, 'upTo'], `not beyond the previous band (${prev.upTo})`, b.upTo);
    });
    if (w.grenade && !w.blast) issue(['blast'], 'a grenade needs blast', undefined);
    if (w.blast && w.blast[1] < w.blast[0]) issue(['blast'], 'the secondary area is smaller than the primary', w.blast);
    if (w.twoHanded && w.offhand) issue(['offhand'], 'a two-handed weapon cannot be held in the offhand', w.offhand);
    if (w.grenade && w.skill !== 'projectiles') issue(['skill'], 'a grenade is thrown with projectiles', w.skill);
  });
/** One weapon profile. */
export type Weapon = z.infer<typeof weaponSchema>;

const characterSchema = z.strictObject({
  id,
  name,
  /** Size (1 = human); absent means 1. */
  size: z.number().int().min(0).max(10).default(1),
  skills: z.strictObject({ melee: score, projectiles: score, unarmed: score }),
  /** Defense: the TN of physical attacks (before this round's modifiers). */
  defense: score,
  /** Willpower: the TN of mental attacks. */
  willpower: score,
  strength: score,
  speed: score,
  armour: score,
  /** Determination. */
  det: score,
  /** Action points per round, spent on reactions (Dodge, parry). */
  ap: z.number().int().min(0).max(10),
  /** What it carries, by id: weapons of the file, and improvised objects of the file (`improvised`). */
  weapons: z.array(id).min(1).max(8),
  /**
   * Dual wielding ("When wielding a weapon in each hand"): the weapon (one of its `weapons`) it holds in its
   * offhand; attacks with it take ⊖. Absent: it wields one weapon at a time, and no attack is an offhand one.
   */
  offhand: id.optional(),
  /** The character's own miniature (a .glb, .gltf or .stl file), drawn in place of the project's. */
  mesh: meshField.optional(),
});
/** One character: scores, skills and the weapons carried (by id). */
export type Character = z.infer<typeof characterSchema>;

const squadSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(80),
    sample: z.boolean().optional(),
    characters: z.array(characterSchema).min(1).max(12),
  })
  .superRefine((s, ctx) => flagDuplicateIds(s.characters, ['characters'], 'character', ctx));
/** A squad. */
export type Squad = z.infer<typeof squadSchema>;

/** A weapon that can be wielded in the main hand beside an offhand one: one-handed, neither a grenade nor fists. */
const mainHand = (w: Weapon | undefined): boolean => !!w && !w.twoHanded && !w.grenade && w.skill !== 'unarmed';

/** An improvised object a character may carry ("Improvised Weapons"): what it is decides what it hits as. */
const improvisedSchema = z.strictObject({ id, name, kind: z.enum(IMPROVISED_KINDS) });

const dataSchema = z
  .strictObject({
    format: z.literal(SQUADS_FORMAT),
    about: z.string().optional(),
    weapons: z.array(weaponSchema).min(1),
    /** Improvised objects (a wrench, a bottle): carried like weapons, each hitting as the weapon its kind names. */
    improvised: z.array(improvisedSchema).optional(),
    /**
     * The weapons of this file improvised objects hit as (the GM's call, `improvised.ts`): edged as `knife`,
     * blunt as `baton`, anything else as `unarmed`. Required when the file lists improvised objects.
     */
    improvisedAs: z.strictObject({ knife: id, baton: id, unarmed: id }).optional(),
    squads: z.array(squadSchema).min(1),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string, input: unknown) =>
      ctx.addIssue({ code: 'custom', path, message, input });
    flagDuplicateIds(d.weapons, ['weapons'], 'weapon', ctx);
    flagDuplicateIds(d.squads, ['squads'], 'squad', ctx);
    const weapons = new Map(d.weapons.map((w) => [w.id, w]));
    const objects = d.improvised ?? [];
    flagDuplicateIds(objects, ['improvised'], 'improvised object', ctx);
    objects.forEach((o, i) => {
      if (weapons.has(o.id)) issue(['improvised', i, 'id'], `a weapon of this file is called "${o.id}" too`, o.id);
    });
    if (objects.length && !d.improvisedAs)
      issue(['improvisedAs'], 'improvised objects need the weapons they hit as (knife, baton, unarmed)', undefined);
    for (const as of ['knife', 'baton', 'unarmed'] as const) {
      const id = d.improvisedAs?.[as];
      if (id === undefined) continue;
      const w = weapons.get(id);
      const skill = as === 'unarmed' ? 'unarmed' : 'melee';
      if (!w) issue(['improvisedAs', as], `no weapon "${id}" in this file`, id);
      else if (w.skill !== skill || w.twoHanded)
        issue(['improvisedAs', as], `"${id}" is not a one-handed ${skill} weapon (what an object hits as)`, id);
    }
    // What each carried id hits as: a weapon of the file, or an improvised object's weapon.
    const profile = (id: string): Weapon | undefined => {
      const o = objects.find((x) => x.id === id);
      return weapons.get(id) ?? (o ? weapons.get(d.improvisedAs?.[IMPROVISED_AS[o.kind]] ?? '') : undefined);
    };
    const known = new Set([...weapons.keys(), ...objects.map((o) => o.id)]);
    d.squads.forEach((s, i) =>
      s.characters.forEach((c, j) => {
        const at = ['squads', i, 'characters', j];
        c.weapons.forEach((w, k) => {
          if (!known.has(w)) issue([...at, 'weapons', k], `no weapon "${w}" in this file`, w);
        });
        if (c.offhand === undefined) return;
        const off = profile(c.offhand);
        if (!c.weapons.includes(c.offhand)) issue([...at, 'offhand'], `it does not carry "${c.offhand}"`, c.offhand);
        else if (off && !off.offhand)
          issue([...at, 'offhand'], `"${c.offhand}" cannot be held in the offhand`, c.offhand);
        else if (!c.weapons.some((w) => w !== c.offhand && mainHand(profile(w))))
          issue([...at, 'offhand'], 'dual wielding needs another one-handed weapon in the main hand', c.offhand);
      }),
    );
  });
/** A whole squads file. */
export type SquadsData = z.infer<typeof dataSchema>;

/** Validates a parsed squads file: the data, or an error naming each bad field and its value. */
export function validateSquads(json: unknown, file: string): Result<SquadsData, DataError> {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a squads file (text that is not JSON is refused too). */
export function parseSquads(text: string, file: string): Result<SquadsData, DataError> {
  return parseFile(dataSchema, text, file);
}

/** A weapon of a validated file by id (validation guarantees every id a character names is there). */
export function weaponById(d: SquadsData, weaponId: string): Weapon {
  const w = d.weapons.find((x) => x.id === weaponId);
  if (w) return w;
  // An improvised object hits as the weapon its kind names (improvised.ts), under its own id and name.
  const o = d.improvised?.find((x) => x.id === weaponId);
  if (o && d.improvisedAs)
    return { ...weaponById(d, improvisedWeapon(o.kind, d.improvisedAs)), id: o.id, name: o.name };
  throw new Error(`no weapon "${weaponId}" (was the file validated?)`);
}

/** A weapon's reach in metres: the end of its last range band. */
export const maxRange = (w: Pick<Weapon, 'ranges'>): number => w.ranges[w.ranges.length - 1]?.upTo ?? 0;

/** The range band holding a distance (metres, edge to edge), or null beyond the last band. */
export function rangeBand(w: Pick<Weapon, 'ranges'>, distance: number): RangeBand | null {
  return w.ranges.find((b) => distance <= b.upTo) ?? null;
}

/**
 * A grenade's listed range bands are a thrower of this Strength's (László, the chapter's example, whose
 * 20 m throw suffers ⊖ "as he only has Strength 8"); they scale with the thrower's Strength.
 */
export const THROW_STRENGTH = 8;

/**
 * The range band of a throw of `distance` metres by a thrower of `strength` ("the center of the cluster is 20
 * meters away and László only has Strength 8, this throw suffers a ⊖ due to range"): a grenade's bands
 * scaled by strength / THROW_STRENGTH (the sample frag grenade: 10 / 25 / 40 m at Strength 8, so 5 / 12.5 /
 * 20 m at Strength 4); other weapons' bands as listed.
 */
export function throwBand(w: Pick<Weapon, 'ranges' | 'grenade'>, strength: number, distance: number): RangeBand | null {
  if (!w.grenade) return rangeBand(w, distance);
  const k = Math.max(0, strength) / THROW_STRENGTH;
  const b = w.ranges.find((x) => distance <= x.upTo * k + 1e-9);
  return b ?? null;
}

/** "Thrown grenades are treated as requiring Strength 3". */
export const GRENADE_STRENGTH = 3;
