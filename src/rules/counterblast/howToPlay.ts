/** Counterblast in six steps, as the help overlay tells a new player (in the order a game goes). */
export const HOW_TO_PLAY: readonly string[] = [
  'Open Play Counterblast, choose seats and crews (500 points; the Crew builder adds and removes models), then Start battle.',
  'Deploy one model at a time, alternating, by clicking inside your shaded strip.',
  'Spend Moxie to activate a model (1) or a group (2); each action is a button, with its pool, Difficulty and cover.',
  'Moves, Rushes and Action-rolls are dashed buttons: press one, then click the table.',
  'Reactions (Return-fire, Counterstrike, Parry…) prompt the other player in orange.',
  'Six turns: hold objectives and reach the Evac Point; the Mission Score decides.',
];
