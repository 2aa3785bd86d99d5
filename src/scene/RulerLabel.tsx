/** An inch mark's number beside the table's edge. */
import { useEffect, useMemo } from 'react';
import { labelTexture } from './labelTexture';
import { TABLE_COLOURS } from './palette';

export function RulerLabel({ text, position }: { text: string; position: [number, number, number] }) {
  const texture = useMemo(() => labelTexture(text, TABLE_COLOURS.ruler), [text]);
  useEffect(() => () => texture.dispose(), [texture]);
  return (
    <sprite position={position} scale={[1.6, 0.8, 1]}>
      <spriteMaterial map={texture} transparent depthWrite={false} />
    </sprite>
  );
}
