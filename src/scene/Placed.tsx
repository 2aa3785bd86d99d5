/** A figure placed on its base: scaled and turned to fit it (io/figureFit.ts). */
import { type ReactNode } from 'react';
import { type FigurePlacement } from '../io/figureFit';

export function Placed({ placement, children }: { placement: FigurePlacement; children: ReactNode }) {
  return (
    <group position={placement.position} rotation={[0, 0, placement.rotationZ]} scale={placement.scale}>
      {children}
    </group>
  );
}
