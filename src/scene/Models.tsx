/**
 * Model bases and figures. The figure (Miniature.tsx) is only drawn: line of sight measures the
 * geometry contract's prism (base footprint x height), which the x-ray view still shows. A pale notch
 * on the base's front edge marks the facing as well as the figure does.
 */
import type { ThreeEvent } from '@react-three/fiber';
import { useMemo } from 'react';
import type { Model } from '../geometry/sceneTypes';
import type { Playhead } from './motion';
import type { ModelPose } from '../io/figureFit';
import { sideColour, sidesOf } from './palette';
import { ModelPiece } from './ModelPiece';
import { ModelInstances, usesShippedFigure } from './ModelInstances';

/** Props: the scene's models, the selected id, the dragged one, and what a press on a model does. */
export function Models({
  models,
  selectedId,
  dragging,
  onPointerDown,
  onHover,
  sides: given,
  seeThrough,
  playhead,
  poses,
}: {
  /** The poses rule events being played draw models at (EventPlayer fills it); none: the store's places. */
  playhead?: Playhead;
  models: readonly Model[];
  /** Each model's pose as the rules report it (down, prone, pinned); absent: standing. */
  poses?: Readonly<Record<string, ModelPose>> | null;
  /** Models drawn through what hides them (under a roof); none by default. */
  seeThrough?: ReadonlySet<string> | null;
  /** The sides in colour order (a match's players); by default the models' sides, sorted. */
  sides?: readonly string[];
  selectedId: string | null;
  dragging: string | null;
  onPointerDown: (id: string, e: ThreeEvent<PointerEvent>) => void;
  /** The pointer came over (true) or left (false) a model. */
  onHover?: (id: string, over: boolean) => void;
}) {
  const sides = useMemo(() => given ?? sidesOf(models), [given, models]);
  // Every base, and every shipped figure but the dragged one's, drawn instanced (ModelInstances.tsx).
  const drawn = models.map((m) => ({
    model: m,
    colour: sideColour(m.side, sides),
    pose: poses?.[m.id] ?? (m.prone ? ('prone' as const) : null),
    figure: m.id !== dragging && usesShippedFigure(m),
  }));
  return (
    <group>
      <ModelInstances drawn={drawn} playhead={playhead} />
      {models.map((m) => (
        <ModelPiece
          key={m.id}
          model={m}
          colour={sideColour(m.side, sides)}
          selected={m.id === selectedId}
          dimmed={m.id === dragging}
          seeThrough={m.id !== dragging && (seeThrough?.has(m.id) ?? false)}
          pose={poses?.[m.id] ?? null}
          onPointerDown={onPointerDown}
          onHover={onHover}
          playhead={playhead}
          instanced
        />
      ))}
    </group>
  );
}
