/**
 * The crew builder: a crew is assembled from the model cards of a crews file (Heroes, Lackeys,
 * Vehicles) within the game's points (500 is a standard game), never with the same Character
 * twice. Pure functions on plain JSON; the app's builder screen and the tests use them.
 */
import { msg, type Msg } from '../engine/message';
import { crewPoints, STANDARD_POINTS, type CounterblastData, type CrewCard, type ModelCard } from './data';

/**
 * Every distinct model card in a crews file (the cards a builder can add), in file order, each under an id
 * of its own: copies of one card in a crew (gunner-1, gunner-2) are one entry, the card without its
 * number; a different card whose id comes to the same (a `medic` in two crews, with other numbers) is
 * listed under its crew's id too (`medic-vey-syndicate`), so a picker can tell them apart.
 */
export function roster(data: CounterblastData): ModelCard[] {
  const seen = new Set<string>();
  const ids = new Set<string>();
  const out: ModelCard[] = [];
  for (const c of data.crews) {
    for (const m of c.models) {
      const base = baseId(m.id);
      const key = JSON.stringify({ ...m, id: base });
      if (seen.has(key)) continue;
      seen.add(key);
      let id = ids.has(base) ? `${base}-${c.id}` : base;
      for (let k = 2; ids.has(id); k++) id = `${base}-${c.id}-${k}`;
      ids.add(id);
      out.push({ ...m, id });
    }
  }
  return out;
}

/** A card's id without a copy number ("gunner-2" -> "gunner"). */
const baseId = (id: string): string => id.replace(/-\d+$/, '');

/** Adds a card to a crew under an id no other model in it has (card, card-2, card-3...). */
export function addModel(crew: CrewCard, card: ModelCard): CrewCard {
  const ids = new Set(crew.models.map((m) => m.id));
  let id = card.id;
  for (let k = 2; ids.has(id); k++) id = `${card.id}-${k}`;
  return { ...crew, sample: false, models: [...crew.models, { ...card, id }] };
}

/** Removes the model at an index. */
export function removeModel(crew: CrewCard, index: number): CrewCard {
  return { ...crew, sample: false, models: crew.models.filter((_, i) => i !== index) };
}

/** Why a crew cannot take the field in a game of `limit` points, or null. */
export function crewProblem(crew: CrewCard, limit = STANDARD_POINTS): Msg | null {
  if (crew.models.length === 0) return msg('counterblast:crew.empty', { name: crew.name });
  const points = crewPoints(crew);
  if (points > limit) return msg('counterblast:crew.over', { name: crew.name, points, limit });
  const chars = crew.models.filter((m) => m.character).map((m) => m.name);
  const twice = chars.find((n, i) => chars.indexOf(n) !== i);
  if (twice) return msg('counterblast:crew.twice', { name: crew.name, character: twice });
  if (crew.models.length > 20)
    return msg('counterblast:crew.tooMany', { name: crew.name, n: crew.models.length, most: 20 });
  return null;
}
