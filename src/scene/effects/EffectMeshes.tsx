import type { Model } from '../../geometry/sceneTypes';
import { unknownEffect } from '../../rules/engine/effects';
import { effectOf, type TimedEvent } from '../../state/motionTiming';
import { BlastEffect } from './BlastEffect';
import { type EffectClock, type V3 } from './clock';
import { FallEffect } from './FallEffect';
import { MarkerEffect } from './MarkerEffect';
import { PathEffect } from './PathEffect';
import { ShotEffect } from './ShotEffect';
import { StatusEffect } from './StatusEffect';
import { StrikeEffect } from './StrikeEffect';

const centre = (m: Model | undefined, at: number): V3 | null =>
  m ? [m.position[0], m.position[1] + m.height * at, m.position[2]] : null;

/** The effect's meshes for one event. */
export function EffectMeshes({
  event,
  models,
  route,
  clock,
}: {
  event: TimedEvent;
  models: readonly Model[];
  route: readonly (readonly [number, number, number])[] | null;
  clock: EffectClock;
}) {
  const x = effectOf(event);
  if (!x) return null;
  const byId = (id: string) => models.find((m) => m.id === id);
  switch (x.kind) {
    case 'shot': {
      const from = centre(byId(x.from), 0.85);
      const to = centre(byId(x.to), 0.6);
      return from && to ? <ShotEffect from={from} to={to} hit={x.hit} clock={clock} /> : null;
    }
    case 'status': {
      const model = byId(x.model);
      return model ? <StatusEffect model={model} change={x.change} amount={x.amount} clock={clock} /> : null;
    }
    case 'blast':
      return (
        <BlastEffect
          from={x.from ? centre(byId(x.from), 0.85) : null}
          at={[x.at[0], x.at[1], x.at[2]]}
          radius={x.radius}
          clock={clock}
        />
      );
    case 'move':
      if (!x.from) return null;
      return (
        <PathEffect
          points={(route && route.length > 2 ? route : [x.from, x.to]).map((p): V3 => [p[0], p[1], p[2]])}
          clock={clock}
        />
      );
    case 'fall':
      return <FallEffect to={[x.to[0], x.to[1], x.to[2]]} height={x.height} clock={clock} />;
    case 'strike': {
      const a = centre(byId(x.a), 0.6),
        b = centre(byId(x.b), 0.6);
      return a && b ? <StrikeEffect a={a} b={b} clock={clock} /> : null;
    }
    case 'marker':
      return <MarkerEffect at={[x.at[0], x.at[1], x.at[2]]} clock={clock} />;
    case 'dice':
    case 'window':
      // The dice tray shows the dice, the panel the reaction prompt: the table only pauses for them.
      return null;
    default:
      return unknownEffect(x);
  }
}
