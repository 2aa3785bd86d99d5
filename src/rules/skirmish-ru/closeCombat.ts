/**
 * Close combat (skirmish-ru.ru.txt, "Ближний бой", "Стрельба" and "Стрельба в ближний бой").
 *
 * - "Когда персонажи находятся в базовом контакте считается что они находятся в ближнем бою": models in
 *   base contact are in close combat.
 * - "В свой ход персонаж может выстрелить из пистолета или ударить оружием ближнего боя": in its turn a
 *   model in close combat fires a pistol or strikes with a close-combat weapon; "персонаж не может
 *   стрелять если находится в ближнем бою, за исключением пистолетов": no other shooting from it.
 * - "Персонаж бросает столько бросков на попадание в ближнем бою, сколько равна его характеристика атаки.
 *   Попадания и ранения отыгрываются по тем же правилам что и при стрельбе": one to-hit roll per point of
 *   Attacks; hits and wounds as in shooting.
 * - "Если персонаж решил покинуть ближний бой он должен пройти тест на ловкость. При неудаче противник
 *   делает по персонажу внеочередную атаку. В любом случае после бегства из ближнего боя нельзя совершать
 *   действия атаки": leaving takes an agility test; a fail gives the enemy a free attack; no attack after
 *   leaving either way.
 * - "любое попадание ранит случайную модель в этом ближнем бою": a shot into a close combat hits a random
 *   model in it.
 *
 * Readings:
 * - The close-combat to-hit roll: hits are played "by the same rules as shooting" ("Попадания и ранения
 *   отыгрываются по тем же правилам что и при стрельбе"), and the shooting rule's roll is "показатель
 *   стрельбы персонажа учитывая все модификаторы": a strike's die hits on d6 <= Shooting plus modifiers.
 *   Of the shooting modifiers, a target that sprinted (-1) and the target's size (-1 small, +1 large) apply
 *   in base contact; cover and hiding do not (nothing stands between bases in contact), nor does the
 *   reserved-shot -1 (a strike is never a reserved action). The caller passes them (attack.ts
 *   `strikeModifiers`).
 * - A pistol fired in close combat is a shot: its rate of fire (not Attacks), ammunition and reliability
 *   (reliability.ts), at a model in base contact.
 * - The free attack on a failed escape is one attack action by each enemy in base contact with the model
 *   (each rolls its Attacks), made before the model moves away.
 * - A shot into close combat: each hit picks its model by one die with as many sides as there are models
 *   in that combat, friends included (a d2 for two, a d3 for three...), listed in the caller's order; a
 *   combat of one model needs no die.
 */
import type { DiceSource } from '../dice/source';
import { msg, type Text } from '../engine/message';

/** What close combat needs from a statline (data.ts holds the full statline). */
export interface Fighter {
  /** "характеристика атаки": to-hit rolls per strike. */
  attacks: number;
  /** "показатель стрельбы": the to-hit target in close combat too (hits follow the shooting rules). */
  shooting: number;
}

/** Whether a weapon may fire while its bearer is in close combat: pistols only. */
export const mayShootInCloseCombat = (inCloseCombat: boolean, pistol: boolean): boolean => !inCloseCombat || pistol;

/** How many to-hit rolls a strike makes: one per point of Attacks (none below 1). */
export const strikeRolls = (f: Fighter): number => Math.max(0, Math.floor(f.attacks));

/** A close-combat to-hit die: d6 <= Shooting + modifiers, as a shot. */
export const meleeHits = (die: number, f: Fighter, modifiers = 0): boolean => die <= f.shooting + modifiers;

/** A strike's dice and hits. */
export interface StrikeResult {
  rolls: number[];
  target: number;
  hits: number;
  events: Text[];
}

/** Rolls a strike: one d6 per point of Attacks against Shooting + modifiers. */
export function rollStrike(dice: DiceSource, f: Fighter, modifiers = 0): StrikeResult {
  const rolls = Array.from({ length: strikeRolls(f) }, () => dice.d(6));
  const target = f.shooting + modifiers;
  const hits = rolls.filter((d) => meleeHits(d, f, modifiers)).length;
  return {
    rolls,
    target,
    hits,
    events: [msg('skirmish-ru:strike.rolls', { count: rolls.length, dice: rolls, need: target, hits })],
  };
}

/** Leaving close combat: the agility test, and who strikes back. */
export interface LeaveResult {
  roll: number;
  target: number;
  passed: boolean;
  /** The enemies in base contact who make a free attack (all of them on a fail, none on a pass). */
  freeAttackBy: string[];
  /** "В любом случае после бегства из ближнего боя нельзя совершать действия атаки". */
  mayAttackAfter: false;
  events: Text[];
}

/** Rolls the agility test to leave a close combat: d6 <= Agility + modifiers. */
export function rollLeave(
  dice: DiceSource,
  agility: number,
  enemiesInContact: readonly string[],
  modifiers = 0,
): LeaveResult {
  const roll = dice.d(6);
  const target = agility + modifiers;
  const passed = roll <= target;
  const freeAttackBy = passed ? [] : [...enemiesInContact];
  return {
    roll,
    target,
    passed,
    freeAttackBy,
    mayAttackAfter: false,
    events: [
      msg('skirmish-ru:leave.test', { roll, target }),
      passed ? msg('skirmish-ru:leave.breaks') : msg('skirmish-ru:leave.fails', { by: freeAttackBy }),
    ],
  };
}

/** Each hit of a shot into a close combat lands on a random model in it. */
export interface IntoCombatResult {
  /** The die rolled for each hit (null when the combat holds one model). */
  rolls: (number | null)[];
  /** The model each hit lands on, in hit order. */
  struck: string[];
}

/** Picks a model for each hit by one die with as many sides as the combat has models. */
export function hitsIntoCombat(dice: DiceSource, models: readonly string[], hits: number): IntoCombatResult {
  if (models.length === 0) throw new RangeError('a close combat has at least one model');
  const rolls: (number | null)[] = [];
  const struck: string[] = [];
  for (let i = 0; i < hits; i++) {
    const roll = models.length === 1 ? null : dice.d(models.length);
    rolls.push(roll);
    struck.push(models[(roll ?? 1) - 1]!);
  }
  return { rolls, struck };
}
