/**
 * What a ruleset puts on the table besides models: objective markers (BLKOUT hardpoints), zones
 * (deployment strips), each model's tokens (Ready, Engaged, Pinned, activated), front arcs (a half disc
 * on the table ahead of a model) and areas (a blast template, with the line it scattered along), drawn from the
 * play slice's markers, so the scene needs no knowledge of any ruleset.
 */
import type { TableMarker } from '../rules/engine/types';
import { Marker } from './Marker';

/** Props: the markers to draw, and the sides in colour order. */
export function TableMarkers({ markers, sides }: { markers: readonly TableMarker[]; sides: readonly string[] }) {
  return (
    <group>
      {markers.map((m) => (
        <Marker key={m.id} m={m} sides={sides} />
      ))}
    </group>
  );
}
