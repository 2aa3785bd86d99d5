/**
 * Legal actions. Positions are continuous: deployments and moves are offered as samples (spots
 * along the deployment strip; eight directions at full and half Move); apply accepts any legal spot.
 */
import type { Queries, Table } from '../engine/queries';
import type { CbAction } from './actions';
import { FREE_ACTIONS, SKILL_ACTIONS } from './activation';
import { attackPool, attackRefusal } from './attacks';
import { engagers } from './closeCombat';
import { has, moveOf, sees } from './conditions';
import { SIZES } from './data';
import { DEPLOY_DEPTH, fromOwnEdge } from './deploy';
import { HEIGHT, layoutOf, onTable, radiusOf, type CbModel, type CbState, type Player } from './game';
import { fitsStep, TEAM_ACTIONS } from './groups';
import { psiRefusal } from './psi';
import { HACK_RANGE } from './skills';
import { panicJumpRefusal, panicRefusal } from './maneuvers';
import { activatable } from './turn';
import { inchesToMm } from '../engine/units';
import { pieceOf } from '../engine/kit';

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Spots a model's Move reaches: eight directions at full and half Move (given `s`, none a Panicked model may not end at). */
function moveSpots(q: Queries, m: CbModel, allowance = moveOf(m), s?: CbState): [number, number, number][] {
  const out: [number, number, number][] = [];
  if (!m.pos) return out;
  for (const f of [1, 0.5]) {
    for (let k = 0; k < 8; k++) {
      const ang = (2 * Math.PI * k) / 8;
      const d = allowance * f - 0.05;
      const x = m.pos[0] + Math.cos(ang) * d,
        z = m.pos[2] + Math.sin(ang) * d;
      const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, m.pos[1] + 0.25, m.id);
      if (h === null || q.routeLength(m.id, [x, h, z], allowance) > allowance) continue;
      if (!s || !panicRefusal(s, m, [round(x), h, round(z)])) out.push([round(x), h, round(z)]);
    }
  }
  return out;
}

/** Every legal action for a player now, for a caller outside the engine: asks the table's view of `s`. */
export function legalActions(s: CbState, player: Player, table: Table): CbAction[] {
  return legalNow(s, player, table.at(layoutOf(s)));
}

/** Every legal action (positions sampled) for a player now; `q` is the view of `s` (the engine binds it through the ruleset's `layout`). */
export function legalNow(s: CbState, player: Player, q: Queries): CbAction[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'deploy') {
    if (s.deployTurn !== player) return [];
    const m = Object.values(s.models).find((x) => x.player === player && !x.pos);
    if (!m) return [];
    const out: CbAction[] = [];
    const depth = DEPLOY_DEPTH - radiusOf(m) - 0.05;
    for (let x = 2; x <= s.table.width - 2; x += 2) {
      const z = player === 'A' ? s.table.depth - depth : depth;
      const h = q.standHeight(inchesToMm(2 * radiusOf(m)), HEIGHT[m.card.size], x, z, 0.25, m.id);
      if (h !== null && fromOwnEdge(s, player, z) + radiusOf(m) <= DEPLOY_DEPTH)
        out.push({ type: 'deploy', model: m.id, x, y: h, z: round(z) });
    }
    return out;
  }
  if (s.phase === 'moxie') {
    if (s.electTurn !== player) return [];
    return [
      ...Object.values(s.models)
        .filter((m) => m.player === player && onTable(m))
        .map((m): CbAction => ({ type: 'elect', model: m.id })),
      { type: 'elect', model: null },
    ];
  }
  if (s.phase === 'upkeep') {
    if (s.upkeepTurn !== player) return [];
    const most = Math.min(s.moxie[player], s.dread[player]);
    return Array.from({ length: most + 1 }, (_, k): CbAction => ({ type: 'calm', amount: k }));
  }
  if (s.window) {
    if (s.window.player !== player) return [];
    // An Action-roll goes anywhere its move reaches: offered at sampled spots.
    return s.window.options.flatMap((o): CbAction[] =>
      o.open === true && o.type === 'action-roll'
        ? moveSpots(q, pieceOf(s.models, o.model as string), undefined, s).map(([x, y, z]) => ({
            type: 'action-roll',
            model: o.model as string,
            x,
            y,
            z,
          }))
        : [o as CbAction],
    );
  }
  if (s.active !== player) return [];
  const a = s.activation;
  if (!a) {
    const ready = activatable(s, player);
    const out: CbAction[] = s.moxie[player] >= 1 ? ready.map((m): CbAction => ({ type: 'activate', model: m.id })) : [];
    // Groups: each Hero with its nearest one or two un-Spent Lackeys (any such group is legal).
    if (s.moxie[player] >= 2) {
      for (const hero of ready.filter((m) => m.card.type === 'hero')) {
        const near = ready
          .filter((m) => m.card.type === 'lackey')
          .sort((a, b) => q.distance(hero.id, a.id) - q.distance(hero.id, b.id) || a.id.localeCompare(b.id));
        if (near.length >= 1)
          out.push({ type: 'activate-group', hero: hero.id, lackeys: near.slice(0, 1).map((m) => m.id) });
        if (near.length >= 2)
          out.push({ type: 'activate-group', hero: hero.id, lackeys: near.slice(0, 2).map((m) => m.id) });
      }
    }
    return [...out, { type: 'pass-turn' }];
  }
  if (a.rush) {
    // The Rush's move: spots up to the inches rolled.
    const m = pieceOf(s.models, a.rush.model);
    // With no sampled spot it may take (boxed in, or Panicked with enemies all round), it stays where it is.
    const spots = moveSpots(q, m, a.rush.allowance, s);
    return (spots.length ? spots : [m.pos!]).map(([x, y, z]): CbAction => ({
      type: 'rush-move',
      model: m.id,
      x,
      y,
      z,
    }));
  }
  const out: CbAction[] = [];
  for (const id of a.models) {
    const m = pieceOf(s.models, id);
    if (!onTable(m)) continue;
    const slot = pieceOf(a.actions, id, 'activating model');
    if (slot.left <= 0) {
      if (s.moxie[player] >= 1 && slot.used.length < FREE_ACTIONS + 3) out.push({ type: 'buy-action', model: id });
      continue;
    }
    if (a.group?.done.includes(id)) continue;
    const chosen = a.group?.chosen ?? null;
    const fits = (t: string) => !a.group || chosen === null || fitsStep(TEAM_ACTIONS[t] ?? t, chosen);
    const engaged = engagers(s, q, m).length > 0;
    // Pinned: Recover only. Panicked: Rally first. Engaged: no skill actions, Aim-Assist or Boost.
    const may = (t: string) =>
      fits(t) &&
      !slot.used.includes(t) &&
      (has(m, 'pinned') ? t === 'recover' : !m.panicked || slot.used.includes('rally') || t === 'rally') &&
      !(engaged && (SKILL_ACTIONS.includes(t) || t === 'aim-assist' || t === 'boost'));
    if (a.group) {
      if (!m.panicked || slot.used.includes('rally')) out.push({ type: 'do-nothing', model: id });
      for (const f of a.models) {
        if (
          f !== id &&
          may('aim-assist') &&
          m.card.zap > 0 &&
          onTable(pieceOf(s.models, f)) &&
          q.distance(id, f) <= 1 &&
          sees(s, q, id, f)
        )
          out.push({ type: 'aim-assist', model: id, friend: f });
      }
      const reach = Math.max(0, ...m.card.striking.map((w) => w.reach));
      for (const t of Object.values(s.models)) {
        if (
          may('dog-pile') &&
          m.card.grit > 0 &&
          t.player !== player &&
          onTable(t) &&
          q.distance(id, t.id) <= reach &&
          sees(s, q, id, t.id)
        )
          out.push({ type: 'dog-pile', model: id, target: t.id });
      }
    }
    if (m.panicked && may('rally')) out.push({ type: 'rally', model: id });
    if (may('aim') && m.card.shooting.length && !slot.used.includes('shoot')) out.push({ type: 'aim', model: id });
    if (may('move') && has(m, 'half-blind')) {
      if (m.prone) out.push({ type: 'stand-up', model: id });
      out.push({ type: 'move-roll', model: id });
    } else if (may('move')) {
      if (m.prone) out.push({ type: 'stand-up', model: id });
      for (const [x, y, z] of moveSpots(q, m, undefined, s)) out.push({ type: 'move', model: id, x, y, z });
    }
    if (may('recover') && (m.stunned || has(m, 'pinned'))) out.push({ type: 'recover', model: id });
    if (may('throw')) {
      for (const t of Object.values(s.models)) {
        if (t.player === player || !onTable(t) || SIZES.indexOf(t.card.size) >= SIZES.indexOf(m.card.size)) continue;
        if (q.distance(id, t.id) <= 1 && sees(s, q, id, t.id))
          for (let k = 0; k < 8; k++) out.push({ type: 'throw', model: id, target: t.id, directionDeg: k * 45 });
      }
    }
    for (const kind of ['treat', 'engineer'] as const) {
      if (!may(kind)) continue;
      for (const t of Object.values(s.models)) {
        if (t.player !== player || !onTable(t) || !t.down || t.stable) continue;
        const fits = kind === 'treat' ? t.card.body !== 'robot' : t.card.body !== 'living';
        if (fits && q.distance(id, t.id) <= 1 && sees(s, q, id, t.id))
          out.push({ type: kind, model: id, target: t.id });
      }
      // Heal: with a medkit (Treat) or a toolkit (Engineer), another friend with two or more tokens.
      if (!(m.card.gear ?? []).includes(kind === 'treat' ? 'medkit' : 'toolkit')) continue;
      for (const t of Object.values(s.models)) {
        if (
          t.player !== player ||
          !onTable(t) ||
          t.damage <= 1 ||
          (kind === 'treat' ? t.card.body === 'robot' : t.card.body === 'living')
        )
          continue;
        if (t.id !== id && q.distance(id, t.id) <= 1 && sees(s, q, id, t.id))
          out.push({ type: kind, model: id, target: t.id, heal: true });
      }
    }
    if (may('hack') && (m.card.gear ?? []).includes('scanner')) {
      for (const t of Object.values(s.models))
        if (
          t.player !== player &&
          onTable(t) &&
          !has(t, 'marked') &&
          sees(s, q, id, t.id) &&
          q.distance(id, t.id) <= HACK_RANGE
        )
          out.push({ type: 'hack', model: id, target: t.id });
    }
    // Psi: each enigma at each target it may reach.
    (m.card.enigmas ?? []).forEach((e, i) => {
      const type = e.kind === 'strike' ? 'psi-strike' : 'psi-craft';
      if (!may(type)) return;
      for (const t of Object.values(s.models))
        if (!psiRefusal(s, q, m, { kind: e.kind, enigma: i, target: t.id }))
          out.push({ type, model: id, enigma: i, target: t.id });
    });
    if (a.group && may('boost') && m.card.knack > 0) {
      for (const f of a.models)
        if (f !== id && onTable(pieceOf(s.models, f)) && q.distance(id, f) <= 1 && sees(s, q, id, f))
          out.push({ type: 'boost', model: id, friend: f });
    }
    if (may('rush') && !has(m, 'half-blind') && !m.prone && slot.used.includes('move') && !slot.used.includes('jump'))
      out.push({ type: 'rush', model: id });
    if (may('jump') && !has(m, 'half-blind') && !m.prone && !slot.used.includes('rush'))
      for (let k = 0; k < 8; k++)
        if (!panicJumpRefusal(s, q, m, k * 45)) out.push({ type: 'jump', model: id, directionDeg: k * 45 });
    for (const [type, weapons] of [
      ['shoot', m.card.shooting],
      ['strike', m.card.striking],
    ] as const) {
      if (!may(type)) continue;
      weapons.forEach((_w, i) => {
        const valid = Object.values(s.models).filter(
          (t) => t.player !== player && onTable(t) && !attackRefusal(s, q, m, type, i, t),
        );
        for (const t of valid) out.push({ type, model: id, weapon: i, target: t.id });
        // Splitting (sampled): the pool halved between each pair of targets (both ways when it is odd); apply takes any division.
        const pool = attackPool(s, m, type);
        if (pool < 2) return;
        valid.forEach((t1, k) => {
          for (const t2 of valid.slice(k + 1)) {
            const halves =
              pool % 2
                ? [
                    [Math.ceil(pool / 2), Math.floor(pool / 2)],
                    [Math.floor(pool / 2), Math.ceil(pool / 2)],
                  ]
                : [[pool / 2, pool / 2]];
            for (const [d1, d2] of halves)
              out.push({
                type,
                model: id,
                weapon: i,
                target: t1.id,
                split: [
                  { target: t1.id, dice: d1! },
                  { target: t2.id, dice: d2! },
                ],
              });
          }
        });
      });
    }
  }
  out.push({ type: 'end-activation' });
  return out;
}
