/** skirmish-ru in six steps, as the help overlay tells a new player (in the order a battle goes). */
export const HOW_TO_PLAY: readonly string[] = [
  'Open Play skirmish-ru, choose each gang and the turn order (alternating activations or whole-side turns), then Start battle.',
  'Click one of your fighters: it may move (Move, Run +Agility, Sprint +2 x Agility: press the button, then click the table), then attack.',
  'A fighter sees and shoots only inside its 180-degree front (the half disc on the table); it faces the way it last moved.',
  'Each shot button gives the number to roll on each d6 and why: Shooting, cover -1 (30 % hidden), hidden -2 (80 %), sprinted -1.',
  'Reserve instead of attacking: when an enemy then moves, you are asked whether to fire at it at -1.',
  'A to-hit 1 may jam the weapon (a technician test clears it); any hit calls a morale test. After 6 rounds the gang that took out more wins.',
];
