/**
 * A model under a roof seen through it: a faint body and a bright base outline drawn without the
 * depth test, after everything else, so the player still sees where it stands.
 */
export function XRay({ rx, rz, height, colour }: { rx: number; rz: number; height: number; colour: string }) {
  return (
    <group>
      <mesh position={[0, height / 2, 0]} scale={[rx * 0.96, 1, rz * 0.96]} renderOrder={5}>
        <cylinderGeometry args={[1, 1, height, 24]} />
        <meshBasicMaterial color={colour} transparent opacity={0.22} depthTest={false} depthWrite={false} />
      </mesh>
      <mesh position={[0, 0.02, 0]} rotation={[-Math.PI / 2, 0, 0]} scale={[rx, rz, 1]} renderOrder={5}>
        <ringGeometry args={[0.86, 1.04, 40]} />
        <meshBasicMaterial color={colour} transparent opacity={0.75} depthTest={false} depthWrite={false} />
      </mesh>
    </group>
  );
}
