/** One part of a miniature's figure (body, head, weapon…) in its colour, dimmed while the model is dragged. */
import type { BufferGeometry } from 'three';

export function PartMesh({
  geometry,
  colour,
  metalness,
  roughness,
  dimmed,
  vertexColors = false,
}: {
  geometry: BufferGeometry;
  colour: string;
  metalness: number;
  roughness: number;
  dimmed: boolean;
  /** Multiply by the geometry's per-vertex colours (the merged fixed parts). */
  vertexColors?: boolean;
}) {
  return (
    <mesh geometry={geometry} castShadow>
      <meshStandardMaterial
        vertexColors={vertexColors}
        color={colour}
        metalness={metalness}
        roughness={roughness}
        transparent={dimmed}
        opacity={dimmed ? 0.45 : 1}
      />
    </mesh>
  );
}
