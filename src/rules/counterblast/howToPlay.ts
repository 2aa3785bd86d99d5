/** Counterblast in six steps, as the help overlay tells a new player (in the order a game goes). */
import { msg, type Msg } from '../engine/message';

export const HOW_TO_PLAY: readonly Msg[] = [
  msg('counterblast:help.1'),
  msg('counterblast:help.2'),
  msg('counterblast:help.3'),
  msg('counterblast:help.4'),
  msg('counterblast:help.5'),
  msg('counterblast:help.6'),
];
