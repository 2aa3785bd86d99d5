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

/** Vertical field of view of the table camera, in degrees. */
export const CAMERA_FOV = 40;

/**
 * Where the camera sits for a preset so the whole table (with its rulers) fills the view at the
 * given aspect ratio: top-down straight above the centre, or the player's seat 50 degrees up.
 */
export function cameraPose(
  mode: CameraMode,
  width: number,
  depth: number,
  aspect = 16 / 10,
): { position: [number, number, number]; target: [number, number, number] } {
  const target: [number, number, number] = [width / 2, 0, depth / 2];
  const tanV = Math.tan(((CAMERA_FOV / 2) * Math.PI) / 180);
  const tanH = tanV * aspect;
  const margin = 1.12;
  if (mode === 'top') {
    const h = Math.max(((width + 4) / 2 / tanH) * margin, ((depth + 4) / 2 / tanV) * margin);
    return { position: [width / 2, h, depth / 2 + 0.01], target };
  }
  const elevation = (50 * Math.PI) / 180;
  // Seen from the seat, the table's depth is foreshortened by sin(elevation).
  const dist = Math.max(
    ((width + 4) / 2 / tanH) * margin,
    (((depth + 4) * Math.sin(elevation)) / 2 / tanV) * margin * 1.15,
  );
  // Aim a little in front of the centre: the near edge looks bigger, so this centres the table.
  const aim: [number, number, number] = [width / 2, 0, depth * 0.58];
  return {
    position: [width / 2, dist * Math.sin(elevation), aim[2] + dist * Math.cos(elevation)],
    target: aim,
  };
}

/**
 * Counts the frames drawn since the scene of `sceneVersion` appeared and registers the probe
 * `window.tabletop` reads (projection to the screen, frame count, where a model is drawn). Used by
 * every camera that owns a canvas (the player's rig, the spectator's camera).
 */
export function useSceneProbe(sceneVersion: number): void {
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  const scene = useThree((s) => s.scene);
  const frames = useRef(0);
  const shownVersion = useRef(-1);

  useEffect(() => {
    frames.current = 0;
    shownVersion.current = sceneVersion;
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
      // Frames count only once the scene on screen is the one asked about (the store can be a
      // version ahead until React renders it). The canvas renders on demand: whoever counts frames
      // (a test waiting for the table to catch up) asks for the next one, so the count keeps rising.
      framesSinceLoad: (version) => {
        invalidate();
        return version === shownVersion.current ? frames.current : 0;
      },
      // Models.tsx names each model's group `model:<id>` and moves it to its drawn pose each frame.
      drawnPosition: (id) => {
        const g = scene.getObjectByName(`model:${id}`);
        return g ? [g.position.x, g.position.y, g.position.z] : null;
      },
    });
    return () => registerSceneProbe(null);
  }, [camera, size, invalidate, scene]);
}

/** Props: table size, camera preset, the scene version (frames are counted from each load), and the selected model's eye for the eye view. */
export function CameraRig({
  width,
  depth,
  mode,
  sceneVersion,
  eye,
}: {
  width: number;
  depth: number;
  mode: CameraMode;
  sceneVersion: number;
  eye: { position: [number, number, number]; facingDeg: number } | null;
}) {
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);

  const eyeKey = eye ? `${eye.position.join(',')}|${eye.facingDeg}` : '';
  useEffect(() => {
    if (mode === 'eye' && eye) {
      // From the model's eye, looking along its facing (counter-clockwise from +x seen from above).
      const a = (eye.facingDeg * Math.PI) / 180;
      const [x, y, z] = eye.position;
      camera.position.set(x, y, z);
      controls.current?.target.set(x + Math.cos(a) * 6, y - 0.4, z - Math.sin(a) * 6);
      controls.current?.update();
      invalidate();
      return;
    }
    const pose = cameraPose(mode === 'eye' ? 'orbit' : mode, width, depth, size.width / Math.max(size.height, 1));
    camera.position.set(...pose.position);
    controls.current?.target.set(...pose.target);
    controls.current?.update();
    invalidate();
    // Re-frame on a preset or table change; a window resize keeps the player's own camera.
    // eyeKey stands for `eye`: re-aim when the viewed model moves or turns.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [mode, width, depth, camera, eyeKey, invalidate]);

  useSceneProbe(sceneVersion);

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping
      dampingFactor={0.12}
      minDistance={mode === 'eye' ? 0.01 : 2}
      maxDistance={160}
      maxPolarAngle={Math.PI / 2 - 0.04}
    />
  );
}
