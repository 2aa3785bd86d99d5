import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import type { TableTools } from '../state/tableTools';
import { TapeLine } from './TapeLine';

/** The first end's ring and the line to the cursor with the length so far (only this redraws as the pointer moves). */
export function LooseTape({ store, tools }: { store: TabletopStore; tools: TableTools }) {
  const first = useStore(store, (s) => (s.tool === 'tape' && s.tape && !s.tape.b ? s.tape.a : null));
  const cursor = useStore(tools.pointer, (p) => p.cursor);
  if (!first) return null;
  const loose = tools.looseTape(first, cursor);
  if (!loose) return null;
  const { from, to, length } = loose;
  return (
    <group>
      <mesh position={[from[0], from[1] + 0.04, from[2]]} rotation={[-Math.PI / 2, 0, 0]} renderOrder={3}>
        <ringGeometry args={[0.12, 0.22, 24]} />
        <meshBasicMaterial color="#ffd23f" depthTest={false} transparent />
      </mesh>
      {to && length !== null && <TapeLine from={from} to={[to[0], to[1] + 0.05, to[2]]} length={length} live />}
    </group>
  );
}
