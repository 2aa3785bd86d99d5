/**
 * drei's OrbitControls (orbit, pan, zoom) aimed at the table, the camera presets, and the probe that
 * lets the automation API project table points to the screen and count frames.
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef, type ComponentRef } from 'react';
import { Vector3, type PerspectiveCamera } from 'three';
import { useStore } from 'zustand';
import { TRAY } from '../dice3d/throw';
import { registerSceneProbe } from '../state/automation';
import { framingOf, freeBox } from '../state/framing';
import type { CameraMode, TabletopStore } from '../state/store';

const _v = new Vector3();

/** Vertical field of view of the table camera, in degrees. */
export const CAMERA_FOV = 40;

/** How far the framing reaches past the table's right edge (beyond its 2" margin): the dice tray beside it. */
export const TRAY_REACH = TRAY.depth;

/** The camera's elevation seen from the player's seat, radians. */
const ELEVATION = (50 * Math.PI) / 180;

/** The shape (width over height) of what a preset frames: the table, its margins and the tray. */
export function framedAspect(mode: CameraMode, width: number, depth: number, right = TRAY_REACH): number {
  const across = width + 4 + right;
  return mode === 'top' ? across / (depth + 4) : across / ((depth + 4) * Math.sin(ELEVATION) * 1.15);
}

/**
 * Where the camera sits for a preset so the whole table (with its rulers, and `right` inches past its
 * right edge: the dice tray) fills the view at the given aspect ratio: top-down straight above the
 * centre, or the player's seat 50 degrees up. `fill` is the share of the view's height the table is
 * framed in (the free space beside the panels, `state/framing.ts`), its width `aspect` times that.
 */
export function cameraPose(
  mode: CameraMode,
  width: number,
  depth: number,
  aspect = 16 / 10,
  fill = 1,
  right = 0,
): { position: [number, number, number]; target: [number, number, number] } {
  const cx = (width + right) / 2;
  const across = width + 4 + right;
  const target: [number, number, number] = [cx, 0, depth / 2];
  const tanV = Math.tan(((CAMERA_FOV / 2) * Math.PI) / 180) * fill;
  const tanH = tanV * aspect;
  const margin = 1.12;
  if (mode === 'top') {
    const h = Math.max((across / 2 / tanH) * margin, ((depth + 4) / 2 / tanV) * margin);
    return { position: [cx, h, depth / 2 + 0.01], target };
  }
  // Seen from the seat, the table's depth is foreshortened by sin(elevation); its near edge is nearer
  // the camera than the aim (so wider on screen) by its distance from the aim along the view.
  const nearer = (depth * 0.42 + 2) * Math.cos(ELEVATION);
  const dist = Math.max(
    (across / 2 / tanH) * margin + nearer,
    (((depth + 4) * Math.sin(ELEVATION)) / 2 / tanV) * margin * 1.15,
  );
  // Aim a little in front of the centre: the near edge looks bigger, so this centres the table.
  const aim: [number, number, number] = [cx, 0, depth * 0.58];
  return {
    position: [cx, dist * Math.sin(ELEVATION), aim[2] + dist * Math.cos(ELEVATION)],
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
  const controls = useThree((s) => s.controls) as unknown as { target?: Vector3 } | null;
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
      cameraTarget: () => {
        const t = controls?.target;
        return t ? [t.x, t.y, t.z] : null;
      },
    });
    return () => registerSceneProbe(null);
  }, [camera, size, invalidate, scene, controls]);
}

/** OrbitControls as the rig uses them: its target and its events. */
type Controls = ComponentRef<typeof OrbitControls>;

/**
 * Props: the store (what the panels take of the canvas, the roster's camera focus), table size, camera
 * preset, the scene version (frames are counted from each load), and the selected model's eye for the eye view.
 */
export function CameraRig({
  store,
  width,
  depth,
  mode,
  sceneVersion,
  eye,
}: {
  store: TabletopStore;
  width: number;
  depth: number;
  mode: CameraMode;
  sceneVersion: number;
  eye: { position: [number, number, number]; facingDeg: number } | null;
}) {
  const controls = useRef<Controls>(null);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  const taken = useStore(store, (s) => s.taken);
  const focus = useStore(store, (s) => s.cameraFocus);
  // The free box is measured on the canvas the store last saw; until it is measured again after a
  // resize, the whole canvas.
  const measured = Math.abs(taken.canvas.w - size.width) < 1.5 && Math.abs(taken.canvas.h - size.height) < 1.5;
  const box = freeBox(
    { w: size.width, h: size.height },
    measured ? taken.boxes : [],
    framedAspect(mode === 'top' ? 'top' : 'orbit', width, depth),
  );
  const frame = framingOf({ w: size.width, h: size.height }, box);
  const boxKey = `${box.x},${box.y},${box.w},${box.h}`;
  // Whether the player has turned the camera since it was last framed: then a panel that folds or
  // unfolds only moves the view's centre, and leaves the player's camera as it is.
  const moved = useRef(false);
  const framed = useRef('');

  // The view's centre in the middle of the free box (a view offset, so orbiting stays about the table).
  useLayoutEffect(() => {
    const c = camera as PerspectiveCamera;
    if (frame.offset.x === 0 && frame.offset.y === 0) c.clearViewOffset();
    else c.setViewOffset(size.width, size.height, frame.offset.x, frame.offset.y, size.width, size.height);
    c.updateProjectionMatrix();
    invalidate();
  }, [camera, size.width, size.height, frame.offset.x, frame.offset.y, invalidate]);

  useEffect(() => {
    const c = controls.current;
    if (!c) return;
    const start = () => {
      moved.current = true;
    };
    c.addEventListener('start', start);
    return () => c.removeEventListener('start', start);
  }, []);

  const eyeKey = eye ? `${eye.position.join(',')}|${eye.facingDeg}` : '';
  useEffect(() => {
    const key = `${mode}|${width}|${depth}|${eyeKey}`;
    const onlyPanels = key === framed.current;
    framed.current = key;
    // A panel folded or unfolded: the table is framed again in the new free space, unless the
    // player has turned the camera (or looks from a model's eye).
    if (onlyPanels && (moved.current || mode === 'eye')) return;
    moved.current = false;
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
    const pose = cameraPose(mode === 'eye' ? 'orbit' : mode, width, depth, frame.aspect, frame.fill, TRAY_REACH);
    camera.position.set(...pose.position);
    controls.current?.target.set(...pose.target);
    controls.current?.update();
    invalidate();
    // Re-frame on a preset or table change, and when the panels leave another free box; a window
    // resize keeps the player's own camera. eyeKey stands for `eye`: re-aim when the viewed model
    // moves or turns.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [mode, width, depth, camera, eyeKey, invalidate, boxKey]);

  // The roster asks to frame a model: the camera slides over so it is the centre of the view (not a
  // turn of the player's own: a fold after it frames the whole table again).
  useEffect(() => {
    const c = controls.current;
    if (!focus || !c || mode === 'eye') return;
    _v.set(...focus.at).sub(c.target);
    c.target.add(_v);
    camera.position.add(_v);
    c.update();
    invalidate();
    // Only a new ask moves the camera (not a change of preset after it).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [focus]);

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
