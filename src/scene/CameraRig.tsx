/**
 * drei's OrbitControls (orbit, pan, zoom) aimed at the table, the camera presets, and the probe that
 * lets the automation API project table points to the screen and count frames.
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, type ComponentRef } from 'react';
import { Vector3 } from 'three';
import { registerSceneProbe } from '../state/automation';
import type { CameraMode } from '../state/store';

const _v = new Vector3();

/** Where the camera sits for a preset, for a table of the given size. */
export function cameraPose(mode: CameraMode, width: number, depth: number): { position: [number, number, number]; target: [number, number, number] } {
  const target: [number, number, number] = [width / 2, 0, depth / 2];
  const span = Math.max(width, depth);
  if (mode === 'top') return { position: [width / 2, span * 1.35, depth / 2 + 0.01], target };
  return { position: [width / 2, span * 0.78, depth + span * 0.72], target };
}

/** Props: table size, camera preset, and the scene version (frames are counted from each load). */
export function CameraRig({ width, depth, mode, sceneVersion }: { width: number; depth: number; mode: CameraMode; sceneVersion: number }) {
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const frames = useRef(0);

  useEffect(() => {
    const pose = cameraPose(mode, width, depth);
    camera.position.set(...pose.position);
    controls.current?.target.set(...pose.target);
    controls.current?.update();
  }, [mode, width, depth, camera]);

  useEffect(() => {
    frames.current = 0;
  }, [sceneVersion]);

  useFrame(() => {
    frames.current++;
  });

  useEffect(() => {
    registerSceneProbe({
      project: (p) => {
        _v.set(p[0], p[1], p[2]).project(camera);
        if (_v.z > 1) return null;
        return { x: ((_v.x + 1) / 2) * size.width, y: ((1 - _v.y) / 2) * size.height };
      },
      framesSinceLoad: () => frames.current,
    });
    return () => registerSceneProbe(null);
  }, [camera, size]);

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping
      dampingFactor={0.12}
      minDistance={2}
      maxDistance={160}
      maxPolarAngle={Math.PI / 2 - 0.04}
      target={[width / 2, 0, depth / 2]}
    />
  );
}
