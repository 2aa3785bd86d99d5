/** A model's change of state: a rising damage number, a jammed weapon's puff and label, a red pulse when it goes down or leaves. */
import { Html } from '@react-three/drei';
import { useRef } from 'react';
import type { Group, Mesh } from 'three';
import type { Model } from '../../geometry/sceneTypes';
import { render } from '../../i18n/i18n';
import { msg } from '../../rules/engine/message';
import { fade, show, useEffectTime, type EffectClock, type V3 } from './clock';

const centre = (m: Model, at: number): V3 => [m.position[0], m.position[1] + m.height * at, m.position[2]];

export function StatusEffect({
  model,
  change,
  amount,
  clock,
}: {
  model: Model;
  change: 'damage' | 'down' | 'removed' | 'jammed';
  amount: number | null;
  clock: EffectClock;
}) {
  const label = useRef<Group>(null);
  const text = useRef<HTMLSpanElement>(null);
  const puff = useRef<Mesh>(null);
  const pulse = useRef<Mesh>(null);
  const at = centre(model, change === 'damage' ? 1 : 0.8);
  useEffectTime(clock, (t) => {
    if (label.current)
      label.current.position.set(
        change === 'jammed' ? Math.sin(t * Math.PI * 10) * 0.08 * (1 - t) : 0,
        change === 'damage' ? t * 1.2 : t * 0.5,
        0,
      );
    if (text.current) text.current.style.opacity = String(1 - t * (change === 'damage' ? 0.8 : 0.6));
    show(puff.current, true, 0.2 + t * 0.5);
    fade(puff.current?.material, 0.7 * (1 - t));
    show(pulse.current, true, 1 + t * 4);
    fade(pulse.current?.material, 1 - t);
  });
  if (change === 'down' || change === 'removed')
    return (
      <mesh
        ref={pulse}
        position={[model.position[0], model.position[1] + 0.03, model.position[2]]}
        rotation={[-Math.PI / 2, 0, 0]}
      >
        <ringGeometry args={[0.3, 0.45, 40]} />
        <meshBasicMaterial color="#ff3b3b" transparent opacity={1} depthWrite={false} />
      </mesh>
    );
  const words =
    change === 'damage' ? (
      <span ref={text} className="damage-number">
        -{String(amount ?? 1)}
      </span>
    ) : (
      <span ref={text} className="damage-number jam-label">
        {render(msg('ui:scene.jammed'))}
      </span>
    );
  return (
    <group>
      {change === 'jammed' && (
        <mesh ref={puff} position={at} scale={0.2}>
          <sphereGeometry args={[1, 12, 12]} />
          <meshBasicMaterial color="#9aa3ab" transparent opacity={0.7} depthWrite={false} />
        </mesh>
      )}
      <group ref={label}>
        <Html
          pointerEvents="none"
          position={[at[0], at[1] + (change === 'damage' ? 0.4 : 0.6), at[2]]}
          center
          className="label"
          zIndexRange={[40, 30]}
        >
          {words}
        </Html>
      </group>
    </group>
  );
}
