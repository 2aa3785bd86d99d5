/**
 * Words for the table: what each legal Counterblast action means in a sentence (a shot with its
 * pool, Difficulty and cover), which actions need a point on the table (deploy, move, the Rush's
 * move, an Action-roll), the status line, and the markers (objectives, Evac Points, deployment
 * strips, condition tokens). Pure: state and Queries in, text out.
 */
import type { Queries } from '../engine/queries';
import { assertNever, type TableMarker, type TablePick } from '../engine/types';
import { compass } from '../engine/words';
import { inch, msg, type Msg } from '../engine/message';
import type { CbAction } from './actions';
import { attackOdds } from './attacks';
import { coverWords } from './odds';
import { DEPLOY_DEPTH } from './deploy';
import { TURNS } from './turn';
import { OBJECTIVE_RANGE, onTable, PLAYERS, type CbModel, type CbState } from './game';
import { actionName, andList, CONDITION_NAMES } from './say';
import { pieceOf } from '../engine/kit';

export { blockedActions } from './blocked';

/** Action types whose destination the player clicks on the table. */
export const PICK_TYPES = ['deploy', 'move', 'rush-move', 'action-roll', 'jump', 'throw'] as const;
/** One of them. */
export type PickType = (typeof PICK_TYPES)[number];

/** A point-on-the-table choice; a Move may end Prone. */
export interface Pick extends TablePick {
  type: PickType;
  prone?: boolean;
  /** Jump and Throw: where the direction is measured from (the jumper, or the thrown model), [x, z]. */
  from?: [number, number];
  /** Throw: the model thrown. */
  target?: string;
}

const isPick = (t: string): t is PickType => (PICK_TYPES as readonly string[]).includes(t);

/** Whether an action needs a point on the table (a Jump or Throw: a direction, clicked). */
export const needsPoint = (a: { type: string }): boolean => isPick(a.type);

/** Builds the action a click at (x, y, z) makes for a pick. */
export function pickAction(p: Pick, x: number, y: number, z: number): CbAction {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  if (p.type === 'jump' || p.type === 'throw') {
    // The direction from the model to the click, in whole degrees (0 = +x, 90 = +z).
    const [fx, fz] = p.from ?? [x, z];
    const directionDeg = (Math.round((Math.atan2(z - fz, x - fx) * 180) / Math.PI) + 360) % 360;
    return p.type === 'jump'
      ? { type: 'jump', model: p.model!, directionDeg }
      : { type: 'throw', model: p.model!, target: p.target!, directionDeg };
  }
  return { type: p.type, model: p.model!, x: r(x), y: r(y), z: r(z), ...(p.prone ? { prone: true } : {}) } as CbAction;
}

/** The point choices among the legal actions: one per model and kind (a Move also offered ending Prone). */
export function picksOf(s: CbState, legal: readonly { type: string; model?: unknown }[]): Pick[] {
  const out: Pick[] = [];
  const seen = new Set<string>();
  for (const a of legal as readonly { type: string; model?: unknown; target?: unknown }[]) {
    const key = `${a.type}:${String(a.model)}:${String(a.target ?? '')}`;
    if (!isPick(a.type) || typeof a.model !== 'string' || seen.has(key)) continue;
    seen.add(key);
    const m = pieceOf(s.models, a.model);
    const name = m.card.name;
    switch (a.type) {
      case 'deploy':
        out.push({
          type: 'deploy',
          model: m.id,
          label: msg('counterblast:pick.deploy', { name, depth: inch(DEPLOY_DEPTH) }),
          allowance: null,
        });
        break;
      case 'move':
        out.push({
          type: 'move',
          model: m.id,
          label: msg('counterblast:pick.move', { name, move: inch(m.card.move) }),
          allowance: m.card.move,
        });
        out.push({
          type: 'move',
          model: m.id,
          prone: true,
          label: msg('counterblast:pick.moveProne', { name }),
          allowance: m.card.move,
          // Going Prone is not what a click on the table with the model selected plays: only its button.
          // (With the plain Move's reach, a click the Move refuses was tried again as this one.)
          explicit: true,
        });
        break;
      case 'rush-move': {
        const allowance = s.activation?.rush?.allowance ?? 0;
        const id =
          s.activation?.rush?.kind === 'move' ? 'counterblast:pick.moveRolled' : 'counterblast:pick.rushRolled';
        out.push({
          type: 'rush-move',
          model: m.id,
          label: msg(id, { name, allowance: inch(allowance) }),
          allowance,
        });
        break;
      }
      case 'jump':
        out.push({
          type: 'jump',
          model: m.id,
          from: [m.pos![0], m.pos![2]],
          label: msg('counterblast:pick.jump', { name }),
          allowance: null,
        });
        break;
      case 'throw': {
        const t = pieceOf(s.models, a.target as string);
        out.push({
          type: 'throw',
          model: m.id,
          target: t.id,
          from: [t.pos![0], t.pos![2]],
          label: msg('counterblast:pick.throw', { name, target: t.card.name }),
          allowance: null,
        });
        break;
      }
      case 'action-roll':
        out.push({
          type: 'action-roll',
          model: m.id,
          label: msg('counterblast:pick.actionRoll', { name, move: inch(m.card.move) }),
          allowance: m.card.move,
          // It costs 1 Moxie and leaves the model Stunned: played by its button, never by a click on the table.
          explicit: true,
        });
        break;
    }
  }
  return out;
}

/** A direction in words (0 = +x, east; 90 = +z, south, towards A's edge and the player). */
export { compass };

/** A model's name (card names are numbered at set-up when a crew has several alike). */
const nameOf = (s: CbState, id: unknown): string => (typeof id === 'string' ? (s.models[id]?.card.name ?? id) : '?');

/** An attack's pool and odds in words: "4D Zap against 7+, light cover (+1D Defense), 1 damage per success". */
function odds(
  s: CbState,
  q: Queries,
  kind: 'shoot' | 'strike',
  attacker: string,
  weapon: number,
  target: string,
  aim = 0,
): Msg {
  const o = attackOdds(s, q, { kind, attacker, weapon, target, aim });
  const base = { dice: o.dice, difficulty: o.difficulty, damage: o.damage, distance: inch(o.distance) };
  if (kind === 'strike') return msg('counterblast:odds.strike', base);
  const cover = coverWords(o.cover, o.coverDice);
  const seen = o.obscured ? (o.eyeSeesNone ? 'hidden' : 'obscured') : 'seen';
  return msg('counterblast:odds.shoot', { ...base, cover, seen });
}

/** A legal action (or a pass) in a sentence. */
export function describeAction(s: CbState, q: Queries, a: CbAction | { type: 'pass' }): string | Msg {
  const name = (id: unknown) => nameOf(s, id);
  const weapon = (id: unknown, kind: 'shooting' | 'striking', i: unknown) =>
    s.models[id as string]?.card[kind][i as number]?.name ?? msg('counterblast:weapon');
  switch (a.type) {
    case 'pass':
      return msg(s.window ? 'counterblast:choice.noReaction' : 'counterblast:choice.pass');
    case 'activate':
      return msg('counterblast:choice.activate', { name: name(a.model) });
    case 'activate-group':
      return msg('counterblast:choice.group', { hero: name(a.hero), lackeys: andList(a.lackeys.map(name)) });
    case 'pass-turn':
      return msg('counterblast:choice.passTurn');
    case 'end-activation':
      return msg('counterblast:choice.endActivation');
    case 'buy-action':
      return msg('counterblast:choice.buyAction', { name: name(a.model) });
    case 'elect':
      return a.model ? msg('counterblast:choice.elect', { name: name(a.model) }) : msg('counterblast:choice.electNone');
    case 'calm':
      return a.amount === 0
        ? msg('counterblast:choice.calmNone')
        : msg('counterblast:choice.calm', {
            amount: a.amount,
            from: s.dread[s.upkeepTurn ?? 'A'],
            to: s.dread[s.upkeepTurn ?? 'A'] - a.amount,
          });
    case 'shoot':
    case 'strike':
      if (Array.isArray(a.split)) {
        const kind = a.type === 'shoot' ? 'shooting' : 'striking';
        const parts = a.split.map((x) =>
          msg('counterblast:choice.splitPart', { dice: x.dice, target: name(x.target) }),
        );
        return msg(a.type === 'shoot' ? 'counterblast:choice.splitZap' : 'counterblast:choice.splitGrit', {
          name: name(a.model),
          weapon: weapon(a.model, kind, a.weapon),
          parts,
        });
      }
      if (a.type === 'strike')
        return msg('counterblast:choice.strike', {
          name: name(a.model),
          target: name(a.target),
          weapon: weapon(a.model, 'striking', a.weapon),
          odds: odds(s, q, 'strike', a.model, a.weapon, a.target),
        });
      return msg('counterblast:choice.shoot', {
        name: name(a.model),
        target: name(a.target),
        weapon: weapon(a.model, 'shooting', a.weapon),
        odds: odds(s, q, 'shoot', a.model, a.weapon, a.target, s.activation?.aim[a.model] ?? 0),
      });
    case 'return-fire':
    case 'counterstrike': {
      const att = s.pending?.kind === 'attack' ? s.pending.attack.attacker : '';
      const kind = a.type === 'return-fire' ? 'shoot' : 'strike';
      return msg(a.type === 'return-fire' ? 'counterblast:choice.returnFire' : 'counterblast:choice.counterstrike', {
        name: name(a.model),
        weapon: weapon(a.model, kind === 'shoot' ? 'shooting' : 'striking', a.weapon),
        target: name(att),
        odds: odds(s, q, kind, a.model, a.weapon, att),
      });
    }
    case 'snapshot':
      return msg('counterblast:choice.snapshot', {
        name: name(a.model),
        target: name(a.target),
        weapon: weapon(a.model, 'shooting', a.weapon),
        odds: odds(s, q, 'shoot', a.model, a.weapon, a.target),
      });
    case 'parry':
      return msg('counterblast:choice.parry', { name: name(a.model) });
    case 'aim':
      return msg('counterblast:choice.aim', { name: name(a.model) });
    case 'rush':
      return msg('counterblast:choice.rush', { name: name(a.model) });
    case 'jump':
      return msg('counterblast:choice.jump', { name: name(a.model), direction: compass(a.directionDeg) });
    case 'throw':
      return msg('counterblast:choice.throw', {
        name: name(a.model),
        target: name(a.target),
        direction: compass(a.directionDeg),
      });
    case 'move-roll':
      return msg('counterblast:choice.moveRoll', { name: name(a.model) });
    case 'stand-up':
      return msg('counterblast:choice.standUp', { name: name(a.model) });
    case 'recover':
      return msg('counterblast:choice.recover', { name: name(a.model) });
    case 'rally':
      return msg('counterblast:choice.rally', { name: name(a.model) });
    case 'treat':
      return a.heal
        ? msg('counterblast:choice.healMedkit', { name: name(a.model), target: name(a.target) })
        : msg('counterblast:choice.treat', { name: name(a.model), target: name(a.target) });
    case 'engineer':
      return a.heal
        ? msg('counterblast:choice.healToolkit', { name: name(a.model), target: name(a.target) })
        : msg('counterblast:choice.repair', { name: name(a.model), target: name(a.target) });
    case 'psi-strike':
    case 'psi-craft': {
      const e = s.models[a.model]?.card.enigmas?.[a.enigma];
      const psi = s.models[a.model]?.card.psi ?? 0;
      if (!e) return actionName(a.type);
      return e.kind === 'strike'
        ? e.inflicts
          ? msg('counterblast:choice.psiStrikeInflicts', {
              name: name(a.model),
              enigma: e.name,
              target: name(a.target),
              psi,
              damage: e.damage,
              condition: CONDITION_NAMES[e.inflicts],
            })
          : msg('counterblast:choice.psiStrike', {
              name: name(a.model),
              enigma: e.name,
              target: name(a.target),
              psi,
              damage: e.damage,
            })
        : msg(e.effect === 'heal' ? 'counterblast:choice.psiHeal' : 'counterblast:choice.psiCleanse', {
            name: name(a.model),
            enigma: e.name,
            target: name(a.target),
            psi,
          });
    }
    case 'pursuit':
      return msg('counterblast:choice.pursuit', {
        name: name(a.model),
        target: name(s.pending?.kind === 'snapshot' ? s.pending.mover : ''),
      });
    case 'disperse':
      return msg('counterblast:choice.disperse', { name: name(a.model) });
    case 'hack':
      return msg('counterblast:choice.hack', { name: name(a.model), target: name(a.target) });
    case 'boost':
      return msg('counterblast:choice.boost', { name: name(a.model), friend: name(a.friend) });
    case 'do-nothing':
      return msg('counterblast:choice.doNothing', { name: name(a.model) });
    case 'aim-assist':
      return msg('counterblast:choice.aimAssist', { name: name(a.model), friend: name(a.friend) });
    case 'dog-pile':
      return msg('counterblast:choice.dogPile', { name: name(a.model), target: name(a.target) });
    case 'deploy':
    case 'move':
    case 'rush-move':
    case 'action-roll':
      return msg('counterblast:choice.place', { action: actionName(a.type), name: name(a.model) });
    default:
      return assertNever(a);
  }
}

/** A short line for the status bar: turn, phase, who decides. */
export function phaseLine(s: CbState): Msg {
  switch (s.phase) {
    case 'deploy': {
      const next = Object.values(s.models).find((m) => m.player === s.deployTurn && !m.pos && !m.casualty);
      return msg('counterblast:status.deploy', {
        side: s.deployTurn,
        name: next?.card.name ?? msg('counterblast:aModel'),
      });
    }
    case 'moxie':
      return msg('counterblast:status.elect', { turn: s.turn, turns: TURNS, side: s.electTurn ?? '?' });
    case 'upkeep':
      return msg('counterblast:status.upkeep', { turn: s.turn, turns: TURNS, side: s.upkeepTurn ?? '?' });
    case 'activation': {
      if (s.window) return msg('counterblast:status.react', { turn: s.turn, turns: TURNS, side: s.window.player });
      const a = s.activation;
      if (a) {
        const who = a.models.map((id) =>
          msg('counterblast:status.left', { name: nameOf(s, id), left: a.actions[id]?.left ?? 0 }),
        );
        return msg('counterblast:status.acts', { turn: s.turn, turns: TURNS, side: a.player, who });
      }
      return msg('counterblast:status.active', { turn: s.turn, turns: TURNS, side: s.active ?? '?' });
    }
    case 'over':
      return msg('counterblast:status.over', { turn: s.turn });
  }
}

/** A model's condition tokens: Down (Stable), Prone, Stunned, Panic, Spent, the inflicted conditions, and its damage tokens. */
export function conditionTokens(m: CbModel): Msg[] {
  const flags = [
    m.down && msg(m.stable ? 'counterblast:token.downStable' : 'counterblast:token.down'),
    !m.down && m.prone && msg('counterblast:token.prone'),
    m.stunned && msg('counterblast:token.stunned'),
    m.panicked && msg('counterblast:token.panic'),
    m.spent && msg('counterblast:token.spent'),
  ];
  return [
    ...flags,
    ...(m.conditions ?? []).map((c) => CONDITION_NAMES[c]),
    m.damage > 0 && msg('counterblast:token.damage', { n: m.damage }),
  ].filter((t): t is Msg => typeof t === 'object');
}

/** Tokens in one line, joined by `sep` (a space on the table, a comma on the card). */
export const tokenLine = (tokens: readonly Msg[], comma = false): Msg | string =>
  tokens.length === 0
    ? ''
    : tokens
        .slice(1)
        .reduce<Msg>(
          (a, b) => msg(comma ? 'counterblast:token.list' : 'counterblast:token.join', { a, b }),
          tokens[0]!,
        );

/** Objectives (with their reach), Evac Points, the deployment strips while deploying, and each model's condition tokens. */
export function tableMarkers(s: CbState): TableMarker[] {
  const out: TableMarker[] = s.mission.objectives.map((o, i) => ({
    id: o.id,
    kind: 'objective',
    label: msg('counterblast:marker.objective', { n: i + 1 }),
    at: [o.x, 0, o.z],
    side: null,
    radius: OBJECTIVE_RANGE,
  }));
  for (const p of PLAYERS) {
    const [x, z] = s.mission.evac[p];
    out.push({
      id: `evac-${p}`,
      kind: 'objective',
      label: msg('counterblast:marker.evac', { side: p }),
      at: [x, 0, z],
      side: p,
    });
  }
  if (s.phase === 'deploy') {
    const { width: w, depth: d } = s.table;
    // A's strip along the south edge (nearest the player), B's along the north.
    out.push({
      id: 'zone-A',
      kind: 'zone',
      label: msg('counterblast:marker.deploys', { side: 'A' }),
      at: [w / 2, 0, d - DEPLOY_DEPTH / 2],
      side: 'A',
      rect: [0, d - DEPLOY_DEPTH, w, d],
    });
    out.push({
      id: 'zone-B',
      kind: 'zone',
      label: msg('counterblast:marker.deploys', { side: 'B' }),
      at: [w / 2, 0, DEPLOY_DEPTH / 2],
      side: 'B',
      rect: [0, 0, w, DEPLOY_DEPTH],
    });
  }
  for (const m of Object.values(s.models)) {
    if (!onTable(m)) continue;
    const tokens = conditionTokens(m);
    if (tokens.length)
      out.push({ id: `tokens-${m.id}`, kind: 'token', label: tokenLine(tokens), at: m.pos!, side: m.player });
  }
  return out;
}
