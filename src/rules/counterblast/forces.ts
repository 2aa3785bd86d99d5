/** Counterblast's forces for the battle CLI: the crews of a crews file, each a force a side may field. */
import type { ForcesDescriptor } from '../engine/forces';
import { msg } from '../engine/message';
import { crewProblem } from './builder';
import { parseCrews, type CounterblastData } from './data';
import { SAMPLE_CREWS } from './game';

/** Counterblast's forces: a crew. */
export const counterblastForces: ForcesDescriptor<CounterblastData> = {
  file: 'assets/rulesets/counterblast/crews.json',
  parse: parseCrews,
  ids: (data) => data.crews.map((c) => c.id),
  defaults: { A: SAMPLE_CREWS.A, B: SAMPLE_CREWS.B },
  problem(data, id) {
    const crew = data.crews.find((c) => c.id === id);
    if (!crew) return msg('counterblast:crew.noSuch', { id, have: data.crews.map((c) => c.id) });
    return crewProblem(crew);
  },
};
