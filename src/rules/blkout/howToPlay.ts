/** BLKOUT in six steps, as the help overlay tells a new player (in the order a game goes). */
export const HOW_TO_PLAY: readonly string[] = [
  'Open Play BLKOUT, choose each seat (Human or AI) and group, then Start match.',
  'Place a hardpoint: its dashed button is armed, so click the table (more than 4" from the edges and the other hardpoints).',
  'The roll-off winner picks a deployment edge; then deploy each model by clicking inside your 4" strip.',
  'Each turn activate a unit (a button), move it by pressing Move… and clicking the table, then shoot or act with the buttons; the cover and dice are written on each shot.',
  'The other player may react: the panel turns orange with their choices (Pass declines).',
  'Hold hardpoints and complete tasks for Victory Points; after round 5 the most points wins.',
];
