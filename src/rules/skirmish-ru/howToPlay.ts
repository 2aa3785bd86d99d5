import { msg, type Msg } from '../engine/message';

/** skirmish-ru in six steps, as the help overlay tells a new player (in the order a battle goes). */
export const HOW_TO_PLAY: readonly Msg[] = [
  msg('skirmish-ru:howToPlay.1'),
  msg('skirmish-ru:howToPlay.2'),
  msg('skirmish-ru:howToPlay.3'),
  msg('skirmish-ru:howToPlay.4'),
  msg('skirmish-ru:howToPlay.5'),
  msg('skirmish-ru:howToPlay.6'),
];
