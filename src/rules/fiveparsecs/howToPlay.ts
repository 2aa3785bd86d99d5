/** Five Parsecs in six steps, as the help overlay tells a new player (in the order a battle goes). */
export const HOW_TO_PLAY: readonly string[] = [
  'Open Play Five Parsecs, choose your crew, the enemy type (run by its AI) and the mission (Fight Off, Acquire, Move Through), then Start battle.',
  'Before round 1, roll to Seize the Initiative (10+): each figure may then move or fire, hitting only on a natural 6.',
  'Each round starts with the Reaction Roll: give each figure one die; at or under its Reactions it acts Quick, else Slow.',
  'Activate a figure with its button: Move… is dashed (press it, then click the table), then shoot or brawl; each shot says its number, e.g. "5+: open target in range (9.0")".',
  'Quick figures act, then the enemy, then the Slow figures; a Hit that does not kill Stuns and pushes the figure 1" back.',
  'At the end of each round the enemy checks morale; drive them all off to Hold the Field, or win the objective (a figure that reaches an edge may leave by it) and the enemy may give up.',
];
