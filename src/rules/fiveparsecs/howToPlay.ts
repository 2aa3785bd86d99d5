/** Five Parsecs in six steps, as the help overlay tells a new player (in the order a battle goes). */
import { msg, type Msg } from '../engine/message';

export const HOW_TO_PLAY: readonly Msg[] = [
  msg('fiveparsecs:help.1'),
  msg('fiveparsecs:help.2'),
  msg('fiveparsecs:help.3'),
  msg('fiveparsecs:help.4'),
  msg('fiveparsecs:help.5'),
  msg('fiveparsecs:help.6'),
];
