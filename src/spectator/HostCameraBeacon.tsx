/**
 * Inside the host's canvas: posts the host camera's pose to the spectators (at most every 100 ms,
 * and once more after the camera stops) while the host directs "follow the host's camera".
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { DirectionStore, Port } from './channel';
import type { V3 } from './framing';

/** Least time between two camera messages, ms. */
export const CAMERA_POST_MS = 100;
/** A still camera's pose is sent again this often, so a spectator opened later gets it too, ms. */
export const CAMERA_REPEAT_MS = 1000;

/** Props: the direction store (only the "host" style posts) and the channel port. */
export function HostCameraBeacon({ direction, port }: { direction: DirectionStore; port: Port }) {
  const style = useStore(direction, (s) => s.direction.style);
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as { target?: { x: number; y: number; z: number } } | null;
  const last = useRef({ at: 0, key: '' });
  const pose = useRef<{ position: V3; target: V3 } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  // A switch to "host" sends the pose at once (the next frame's check sees a new key).
  useEffect(() => {
    last.current.key = '';
    if (style !== 'host') return;
    const repeat = setInterval(() => {
      if (pose.current) port.postMessage({ type: 'camera', pose: pose.current });
    }, CAMERA_REPEAT_MS);
    return () => clearInterval(repeat);
  }, [style, port]);

  useFrame(() => {
    if (style !== 'host') return;
    const t = controls?.target;
    const position: V3 = [camera.position.x, camera.position.y, camera.position.z];
    const target: V3 = t ? [t.x, t.y, t.z] : [0, 0, 0];
    const key = [...position, ...target].map((n) => n.toFixed(3)).join(',');
    if (key === last.current.key) return;
    const send = () => {
      timer.current = null;
      last.current = { at: performance.now(), key };
      pose.current = { position, target };
      port.postMessage({ type: 'camera', pose: pose.current });
    };
    const wait = CAMERA_POST_MS - (performance.now() - last.current.at);
    if (timer.current !== null) clearTimeout(timer.current);
    if (wait <= 0) send();
    else timer.current = setTimeout(send, wait);
  });
  return null;
}
