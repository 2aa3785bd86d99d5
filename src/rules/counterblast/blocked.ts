/**
 * The actions an activated model cannot take now, each with the reason the menu shows greyed beside
 * it: the Multitasking Rule, a condition, the group's step, or nothing to take it on.
 */
import { msg, type Msg } from '../engine/message';
import { onTable, type CbModel, type CbState } from './game';
import { actionName } from './say';
import { pieceOf } from '../engine/kit';

/** The actions a model may take in an activation, in menu order, with their names. */
const MENU: [string, Msg][] = [
  ['move', msg('counterblast:menu.move')],
  ['rush', msg('counterblast:menu.rush')],
  ['jump', msg('counterblast:menu.jump')],
  ['aim', msg('counterblast:menu.aim')],
  ['shoot', msg('counterblast:menu.shoot')],
  ['strike', msg('counterblast:menu.strike')],
  ['throw', msg('counterblast:menu.throw')],
  ['psi-strike', msg('counterblast:menu.psiStrike')],
  ['psi-craft', msg('counterblast:menu.psiCraft')],
  ['treat', msg('counterblast:menu.treat')],
  ['engineer', msg('counterblast:menu.engineer')],
  ['hack', msg('counterblast:menu.hack')],
  ['recover', msg('counterblast:menu.recover')],
  ['rally', msg('counterblast:menu.rally')],
  ['aim-assist', msg('counterblast:menu.aimAssist')],
  ['dog-pile', msg('counterblast:menu.dogPile')],
  ['boost', msg('counterblast:menu.boost')],
];
const TEAM = ['aim-assist', 'dog-pile', 'boost'];

/**
 * The actions an activated model cannot take now, each with the reason (the menu shows them
 * greyed): the Multitasking Rule, a condition, the group's step, or nothing to take it on.
 */
export function blockedActions(
  s: CbState,
  legal: readonly { type: string; model?: unknown }[],
): { label: Msg; reason: Msg }[] {
  const a = s.activation;
  if (!a || a.rush || s.window) return [];
  const out: { label: Msg; reason: Msg }[] = [];
  for (const id of a.models) {
    const m = pieceOf(s.models, id);
    const slot = a.actions[id];
    if (!onTable(m) || !slot || slot.left <= 0 || a.group?.done.includes(id)) continue;
    const offered = new Set(
      legal
        .filter((x) => x.model === id)
        .map((x) => (x.type === 'move-roll' || x.type === 'stand-up' ? 'move' : x.type)),
    );
    for (const [type, title] of MENU) {
      if (offered.has(type)) continue;
      if (TEAM.includes(type) && !a.group) continue;
      if (
        (type === 'psi-strike' || type === 'psi-craft') &&
        !(m.card.enigmas ?? []).some((e) => (e.kind === 'strike') === (type === 'psi-strike'))
      )
        continue;
      if (type === 'hack' && !(m.card.gear ?? []).includes('scanner')) continue;
      out.push({
        label: msg('counterblast:blocked.label', { name: m.card.name, action: title }),
        reason: whyNot(s, m, type, slot.used),
      });
    }
  }
  return out;
}

const why = (key: keyof typeof WHY): Msg => msg(WHY[key]);

/** The reasons, by name. */
const WHY = {
  used: 'counterblast:why.used',
  pinned: 'counterblast:why.pinned',
  panicked: 'counterblast:why.panicked',
  halfBlindRush: 'counterblast:why.halfBlindRush',
  proneRush: 'counterblast:why.proneRush',
  afterJump: 'counterblast:why.afterJump',
  onlyAfterMove: 'counterblast:why.onlyAfterMove',
  noRoomRush: 'counterblast:why.noRoomRush',
  halfBlindJump: 'counterblast:why.halfBlindJump',
  proneJump: 'counterblast:why.proneJump',
  afterRush: 'counterblast:why.afterRush',
  noRoomJump: 'counterblast:why.noRoomJump',
  noShootingWeapon: 'counterblast:why.noShootingWeapon',
  shotAlready: 'counterblast:why.shotAlready',
  nothingToAim: 'counterblast:why.nothingToAim',
  noShootTarget: 'counterblast:why.noShootTarget',
  noStrikingWeapon: 'counterblast:why.noStrikingWeapon',
  noStrikeTarget: 'counterblast:why.noStrikeTarget',
  noThrow: 'counterblast:why.noThrow',
  noRecover: 'counterblast:why.noRecover',
  notPanicked: 'counterblast:why.notPanicked',
  noTreat: 'counterblast:why.noTreat',
  noRepair: 'counterblast:why.noRepair',
  noPsiStrike: 'counterblast:why.noPsiStrike',
  noPsiCraft: 'counterblast:why.noPsiCraft',
  noHack: 'counterblast:why.noHack',
  noTeam: 'counterblast:why.noTeam',
} as const;

function whyNot(s: CbState, m: CbModel, type: string, used: readonly string[]): Msg {
  const chosen = s.activation?.group?.chosen;
  if (used.includes(type)) return why('used');
  if ((m.conditions ?? []).includes('pinned')) return why('pinned');
  if (m.panicked && !used.includes('rally') && type !== 'rally') return why('panicked');
  if (chosen) return msg('counterblast:why.groupUsing', { action: actionName(chosen) });
  const half = (m.conditions ?? []).includes('half-blind');
  switch (type) {
    case 'rush':
      return why(
        half
          ? 'halfBlindRush'
          : m.prone
            ? 'proneRush'
            : used.includes('jump')
              ? 'afterJump'
              : !used.includes('move')
                ? 'onlyAfterMove'
                : 'noRoomRush',
      );
    case 'jump':
      return why(half ? 'halfBlindJump' : m.prone ? 'proneJump' : used.includes('rush') ? 'afterRush' : 'noRoomJump');
    case 'aim':
      return why(
        m.card.shooting.length === 0 ? 'noShootingWeapon' : used.includes('shoot') ? 'shotAlready' : 'nothingToAim',
      );
    case 'shoot':
      return why(m.card.shooting.length === 0 ? 'noShootingWeapon' : 'noShootTarget');
    case 'strike':
      return why(m.card.striking.length === 0 ? 'noStrikingWeapon' : 'noStrikeTarget');
    case 'throw':
      return why('noThrow');
    case 'recover':
      return why('noRecover');
    case 'rally':
      return why('notPanicked');
    case 'treat':
    case 'engineer':
      return why(type === 'treat' ? 'noTreat' : 'noRepair');
    case 'psi-strike':
    case 'psi-craft':
      return why(type === 'psi-strike' ? 'noPsiStrike' : 'noPsiCraft');
    case 'hack':
      return why('noHack');
    default:
      return why('noTeam');
  }
}
