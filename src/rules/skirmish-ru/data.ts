/**
 * Skirmish-ru gangs files (`skirmish-ru-gangs/1`): a weapons list and gangs of fighters. A fighter's
 * statline holds the characteristics the rule text names (skirmish-ru.ru.txt): движение (movement),
 * ловкость (agility), стрельба (shooting), сила (strength), стойкость (toughness), раны (wounds),
 * атака (attacks), броня (armour), мораль (morale), and the tested skills атлетика (athletics),
 * акробатика (acrobatics), скрытность (stealth) and умение техника (technician). There is no close-combat
 * skill: close-combat hits follow the shooting rules and roll against Shooting (closeCombat.ts); a fighter
 * that still carries the old `melee` field is refused, naming it. A weapon's profile is the text's
 * seven characteristics (ОРУЖИЕ) plus its slots (Слоты для оружия). A bad file is refused naming the
 * file, the field and the value (engine/dataFile.ts).
 */
import type { Result } from '../../result';
import { z } from 'zod';
import { meshField } from '../engine/meshField';
import { flagDuplicateIds, parseFile, validateFile, type DataError } from '../engine/dataFile';

/** The file's format tag. */
export const GANGS_FORMAT = 'skirmish-ru-gangs/1';

/**
 * Weapon traits, each a closed word: `pistol` may fire in close combat; `melee` is used only in close
 * combat (no range, reliability, rate of fire or ammunition); `template` places a blast template
 * (needs `templateRadius`); `grenade` is thrown to twice the thrower's Strength (no `range`);
 * `flamer` rolls reliability after every shot.
 */
export const WEAPON_TRAITS = ['pistol', 'melee', 'template', 'grenade', 'flamer'] as const;
/** A weapon trait. */
export type WeaponTrait = (typeof WEAPON_TRAITS)[number];

/** The statline's fields, in the order the card shows them. */
export const STATS = [
  'movement',
  'agility',
  'shooting',
  'strength',
  'toughness',
  'wounds',
  'attacks',
  'armour',
  'morale',
  'athletics',
  'acrobatics',
  'stealth',
  'technician',
] as const;
/** One characteristic. */
export type Stat = (typeof STATS)[number];

const id = z.string().regex(/^[a-z0-9-]+$/, 'use lower-case letters, digits and -');
const name = z.string().min(1).max(60);
/** A value tested on d6 <= value (tests.ts): 0 never passes, 6 always does. */
const tested = z.number().int().min(0).max(6);

const statlineShape = {
  /** Inches moved by the move action. */
  movement: z.number().int().min(1).max(12),
  /** Inches: added to a run, doubled for a sprint, the limit of a jump down, a climb and a leap; tested for a dodge. */
  agility: z.number().int().min(1).max(6),
  /** The to-hit roll, shooting and close combat: d6 <= shooting + modifiers. */
  shooting: tested,
  /** Compared with Toughness on the wound table; weapon slots; grenades reach twice it. */
  strength: z.number().int().min(1).max(10),
  /** Compared with Strength on the wound table; damage beyond 0 wounds that exceeds it kills. */
  toughness: z.number().int().min(1).max(10),
  /** Wounds the fighter starts with; 0 = seriously wounded and down. */
  wounds: z.number().int().min(1).max(10),
  /** Close-combat to-hit rolls per attack action. */
  attacks: z.number().int().min(1).max(6),
  /** The save: d6 <= armour - AP ignores a wound; 0 is no armour. */
  armour: tested,
  /** Tested when hit (pinning). */
  morale: tested,
  /** Tested after a sprint. */
  athletics: tested,
  /** Tested for a jump down, a climb and a leap. */
  acrobatics: tested,
  /** Tested to stay hidden. */
  stealth: tested,
  /** Tested to clear a jam. */
  technician: tested,
};

const weaponSchema = z
  .strictObject({
    id,
    name,
    /** дистанция: inches; absent for melee weapons and grenades (a grenade reaches twice the thrower's Strength). */
    range: z.number().positive().max(72).optional(),
    /** сила: compared with the target's Toughness. */
    strength: z.number().int().min(1).max(10),
    /** урон: wounds removed by each wound that is not saved (usually 1). */
    damage: z.number().int().min(1).max(6),
    /** бронебойность: subtracted from the target's Armour. */
    ap: z.number().int().min(0).max(6),
    /**
     * надежность: after a to-hit 1 (after every shot for a flamer) a d6 below it jams the weapon. 2 to 6:
     * "Не существует абсолютно надежного оружия" (no weapon never jams), so 1 is refused. Absent for melee.
     */
    reliability: z.number().int().min(2).max(6).optional(),
    /** скорострельность: shots per attack. Absent for melee. */
    rateOfFire: z.number().int().min(1).max(6).optional(),
    /** боезапас: shots (or grenades) the fighter carries for it. Absent for melee. */
    ammo: z.number().int().min(1).max(99).optional(),
    /** Weapon slots it takes; a fighter's slots equal its Strength. */
    slots: z.number().int().min(0).max(10),
    traits: z.array(z.enum(WEAPON_TRAITS)).max(WEAPON_TRAITS.length),
    /** Inches from the template's centre to its edge; required for a template weapon, absent otherwise. */
    templateRadius: z.number().positive().max(6).optional(),
  })
  .superRefine((w, ctx) => {
    const has = (t: WeaponTrait) => w.traits.includes(t);
    const need = (field: keyof typeof w, present: boolean, why: string) => {
      if (present && w[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `${why} needs ${field}`, input: undefined });
      if (!present && w[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `${why} has no ${field}`, input: w[field] });
    };
    const melee = has('melee');
    const kind = melee ? 'a melee weapon' : 'a ranged weapon';
    need('range', !melee && !has('grenade'), melee ? kind : has('grenade') ? 'a grenade' : kind);
    need('reliability', !melee, kind);
    need('rateOfFire', !melee, kind);
    need('ammo', !melee, kind);
    need('templateRadius', has('template'), has('template') ? 'a template weapon' : 'a weapon without "template"');
    if (melee && w.traits.length > 1)
      ctx.addIssue({ code: 'custom', path: ['traits'], message: '"melee" takes no other trait', input: w.traits });
    if (has('flamer') && !has('template'))
      ctx.addIssue({ code: 'custom', path: ['traits'], message: 'a flamer is a template weapon', input: w.traits });
    const dup = w.traits.find((t, i) => w.traits.indexOf(t) !== i);
    if (dup) ctx.addIssue({ code: 'custom', path: ['traits'], message: `trait "${dup}" twice`, input: dup });
  });
/** One weapon profile. */
export type Weapon = z.infer<typeof weaponSchema>;

const fighterSchema = z.strictObject({
  id,
  name,
  ...statlineShape,
  /** Files written before close combat rolled against Shooting carried a close-combat skill: refused, saying why. */
  melee: z
    .never({ error: 'there is no close-combat skill: close combat rolls to hit against "shooting"; remove "melee"' })
    .optional(),
  weapons: z.array(id).min(1).max(6),
  /** The fighter's own miniature (a .glb, .gltf or .stl file), drawn in place of the project's. */
  mesh: meshField.optional(),
});
/** One fighter: a statline, a name and the weapons it carries (by id). */
export type Fighter = z.infer<typeof fighterSchema>;
/** A fighter's characteristics: the type both this part and the close-combat/stealth/pinning part use. */
export type Statline = Pick<Fighter, Stat>;

const gangSchema = z
  .strictObject({
    id,
    name: z.string().min(1).max(80),
    sample: z.boolean().optional(),
    fighters: z.array(fighterSchema).min(1).max(12),
  })
  .superRefine((g, ctx) => flagDuplicateIds(g.fighters, ['fighters'], 'fighter', ctx));
/** A gang. */
export type Gang = z.infer<typeof gangSchema>;

const dataSchema = z
  .strictObject({
    format: z.literal(GANGS_FORMAT),
    about: z.string().optional(),
    weapons: z.array(weaponSchema).min(1),
    gangs: z.array(gangSchema).min(1),
  })
  .superRefine((d, ctx) => {
    flagDuplicateIds(d.weapons, ['weapons'], 'weapon', ctx);
    flagDuplicateIds(d.gangs, ['gangs'], 'gang', ctx);
    const weapons = new Map(d.weapons.map((w) => [w.id, w]));
    d.gangs.forEach((g, i) =>
      g.fighters.forEach((f, j) => {
        let slots = 0;
        f.weapons.forEach((w, k) => {
          const found = weapons.get(w);
          if (found) slots += found.slots;
          else
            ctx.addIssue({
              code: 'custom',
              path: ['gangs', i, 'fighters', j, 'weapons', k],
              message: `no weapon "${w}" in this file`,
              input: w,
            });
        });
        if (slots > f.strength)
          ctx.addIssue({
            code: 'custom',
            path: ['gangs', i, 'fighters', j, 'weapons'],
            message: `the weapons take ${slots} slots, more than Strength ${f.strength}`,
            input: f.weapons,
          });
      }),
    );
  });
/** A whole gangs file. */
export type GangsData = z.infer<typeof dataSchema>;

/** Validates a parsed gangs file: the data, or an error naming each bad field and its value. */
export function validateGangs(json: unknown, file: string): Result<GangsData, DataError> {
  return validateFile(dataSchema, json, file);
}

/** Parses the text of a gangs file (text that is not JSON is refused too). */
export function parseGangs(text: string, file: string): Result<GangsData, DataError> {
  return parseFile(dataSchema, text, file);
}

/** A weapon of a validated file by id (validation guarantees every id a fighter names is there). */
export function weaponById(d: GangsData, weaponId: string): Weapon {
  const w = d.weapons.find((x) => x.id === weaponId);
  if (!w) throw new Error(`no weapon "${weaponId}" (was the file validated?)`);
  return w;
}

/** Whether a weapon has a trait. */
export const hasTrait = (w: Weapon, t: WeaponTrait): boolean => w.traits.includes(t);

/** "Количество слотов равняется силе модели": a fighter's weapon slots. */
export const weaponSlots = (s: Pick<Statline, 'strength'>): number => s.strength;

/**
 * A weapon's reach in inches for a fighter of Strength `strength`: "Максимальная дальность броска
 * гранаты равна удвоенной силе бойца в дюймах" for a grenade, the profile's range otherwise, 0 for melee.
 */
export function weaponReach(w: Weapon, strength: number): number {
  if (hasTrait(w, 'grenade')) return 2 * strength;
  return w.range ?? 0;
}
