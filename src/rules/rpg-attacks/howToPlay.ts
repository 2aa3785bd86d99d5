/** rpg-attacks in six steps, as the help overlay tells a new player (in the order a battle goes). */
export const HOW_TO_PLAY: readonly string[] = [
  'Open Play RPG combat chapter, choose each squad and the number of rounds, then Start battle; roll initiative to begin.',
  'Each round every character acts in initiative order (d20 + Speed): a move up to its Speed (press Move, then click the table) and one action.',
  'Each attack button gives the test and why: "Projectiles vs Defense 11, ⊖ heavy cover (80 % hidden), ⊕ auto"; the margin adds to damage, twice the TN is a Grave Wound.',
  'A grenade (Projectiles vs 10) deviates by its margin of failure; anyone caught may spend 1 AP to Dodge (Defense vs 12): the prompt goes to their player.',
  'Suppressive fire covers a 20° cone until the shooter next acts: anyone entering or starting there rolls d10 + cover against the weapon’s Auto.',
  'Grapples Hinder (three Hindered pin); Wounds and Grave Wounds add banes; after the last round the squad that put down more enemies wins.',
];
