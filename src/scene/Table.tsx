/** The table: a felt mat in inches (top at y = 0), a wooden frame, and drei's 1" grid. */
import { Grid } from '@react-three/drei';
import { TABLE_COLOURS } from './palette';

/** Width of the frame around the mat, in inches (the rulers sit on it). */
export const FRAME_WIDTH = 1.75;

/** Props: table size in inches and whether the 1" grid shows (6" sections are emphasised). */
export function Table({ width, depth, showGrid }: { width: number; depth: number; showGrid: boolean }) {
  return (
    <group>
      <mesh position={[width / 2, -0.125, depth / 2]} receiveShadow>
        <boxGeometry args={[width, 0.25, depth]} />
        <meshStandardMaterial color={TABLE_COLOURS.mat} roughness={0.95} metalness={0} />
      </mesh>
      <mesh position={[width / 2, -0.3, depth / 2]} receiveShadow>
        <boxGeometry args={[width + 2 * FRAME_WIDTH, 0.5, depth + 2 * FRAME_WIDTH]} />
        <meshStandardMaterial color={TABLE_COLOURS.frame} roughness={0.7} />
      </mesh>
      {showGrid && (
        <Grid
          position={[width / 2, 0.004, depth / 2]}
          args={[width, depth]}
          cellSize={1}
          cellThickness={0.5}
          cellColor="#72866a"
          sectionSize={6}
          sectionThickness={1}
          sectionColor="#a8b997"
          fadeDistance={400}
          followCamera={false}
          infiniteGrid={false}
        />
      )}
    </group>
  );
}
