import { msg, type Msg } from '../engine/message';

/** BLKOUT in six steps, as the help overlay tells a new player (in the order a game goes). */
export const HOW_TO_PLAY: readonly Msg[] = [
  msg('blkout:help.open'),
  msg('blkout:help.hardpoint'),
  msg('blkout:help.deploy'),
  msg('blkout:help.activate'),
  msg('blkout:help.react'),
  msg('blkout:help.win'),
];
