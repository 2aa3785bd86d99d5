/** rpg-attacks in six steps, as the help overlay tells a new player (in the order a battle goes). */
import { msg, type Msg } from '../engine/message';

export const HOW_TO_PLAY: readonly Msg[] = [
  msg('rpg-attacks:howToPlay.1'),
  msg('rpg-attacks:howToPlay.2'),
  msg('rpg-attacks:howToPlay.3'),
  msg('rpg-attacks:howToPlay.4'),
  msg('rpg-attacks:howToPlay.5'),
  msg('rpg-attacks:howToPlay.6'),
];
