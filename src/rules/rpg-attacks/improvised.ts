/**
 * Improvised weapons (rpg-attacks.en.txt, "Improvised Weapons": "At the GM's discretion, improvised
 * weapons might deal damage as either a knife or baton. Others might only function as an unarmed
 * attack."). The GM's call is fixed by the object's kind in the data: an edged or pointed object (a
 * bottle shard, a screwdriver) deals damage as a knife; a rigid blunt object of club size (a pipe, a
 * chair leg) as a baton; anything else as an unarmed attack. The profiles themselves come from the
 * weapon data, passed in, so this file names no numbers.
 */

/** What an improvised object is, as the data records it. */
export const IMPROVISED_KINDS = ['edged', 'blunt', 'other'] as const;
/** What an improvised object is, as the data records it. */
export type ImprovisedKind = (typeof IMPROVISED_KINDS)[number];

/** The weapon an improvised object counts as. */
export type ImprovisedAs = 'knife' | 'baton' | 'unarmed';

/** The fixed call: edged as a knife, blunt as a baton, other as unarmed. */
export const IMPROVISED_AS: Readonly<Record<ImprovisedKind, ImprovisedAs>> = {
  edged: 'knife',
  blunt: 'baton',
  other: 'unarmed',
};

/** The weapon an improvised object of this kind deals damage as. */
export const improvisedAs = (kind: ImprovisedKind): ImprovisedAs => IMPROVISED_AS[kind];

/** The profile an improvised object uses, picked from the knife, baton and unarmed profiles of the data. */
export const improvisedWeapon = <W>(kind: ImprovisedKind, profiles: Readonly<Record<ImprovisedAs, W>>): W =>
  profiles[improvisedAs(kind)];
