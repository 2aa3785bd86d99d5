/**
 * The spectator's camera: drei's CameraControls (camera-controls, smoothed transitions) driven by
 * the shot choice (shots.ts) when the host directs "cinematic", or by the host's camera pose when it
 * directs "follow the host's camera". Pointer input does nothing here (the page is not interactive);
 * it also counts frames and projects points for `window.tabletop`, as the host's camera rig does.
 */
import { CameraControls } from '@react-three/drei';
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useSceneProbe } from '../scene/CameraRig';
import type { TabletopStore } from '../state/store';
import type { DirectionStore } from './channel';
import type { LinkStore } from './mirror';
import { chooseShot, type Shot } from './shots';
import { activeModel } from './words';

/** Radians per second of the idle orbit (a full turn in about three minutes). */
export const ORBIT_SPEED = 0.035;

/** Props: the mirrored store, the direction and link stores, and the letterbox's aspect (width / height). */
export function SpectatorCamera({
  store,
  direction,
  link,
  aspect,
}: {
  store: TabletopStore;
  direction: DirectionStore;
  link: LinkStore;
  aspect: number;
}) {
  const controls = useRef<CameraControls>(null);
  const scene = useStore(store, (s) => s.scene);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const head = useStore(store, (s) => s.eventQueue[0] ?? null);
  const play = useStore(store, (s) => s.play);
  const log = useStore(store, (s) => s.eventLog);
  const target = useStore(direction, (s) => s.direction.target);
  const style = useStore(direction, (s) => s.direction.style);
  const selectedId = useStore(link, (s) => s.hostSelectedId);
  const hostCamera = useStore(link, (s) => s.hostCamera);

  const models = useMemo(
    () => (scene.models ?? []).map((m) => ({ id: m.id, position: m.position, height: m.height })),
    [scene],
  );
  const activeId = useMemo(() => activeModel(play, log, (id) => models.some((m) => m.id === id)), [play, log, models]);
  const azimuth = () => ((controls.current?.azimuthAngle ?? 0) * 180) / Math.PI;
  const shot: Shot = useMemo(
    () =>
      chooseShot({
        head,
        models,
        target,
        activeId,
        selectedId,
        table: scene.table,
        aspect,
        // eslint-disable-next-line react-hooks/refs -- the azimuth is read once when the shot changes (the comment below), not rendered
        azimuthDeg: azimuth(),
      }),
    // The azimuth is read when the shot changes, not a reason to change it.
    [head, models, target, activeId, selectedId, scene.table, aspect],
  );

  // A new shot: glide there (the first one is taken at once).
  const first = useRef(true);
  useEffect(() => {
    const c = controls.current;
    if (!c || style !== 'cinematic') return;
    const { position: p, target: t } = shot.pose;
    void c.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], !first.current);
    first.current = false;
    // The key names the shot; a new pose object for the same shot is not a new shot.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: see the comment above
  }, [shot.key, style, aspect]);

  useEffect(() => {
    const c = controls.current;
    if (!c || style !== 'host' || !hostCamera) return;
    const { position: p, target: t } = hostCamera;
    void c.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], true);
  }, [hostCamera, style]);

  useFrame((state, delta) => {
    const c = controls.current;
    // The idle drift needs a frame after every frame (the canvas may render on demand).
    if (c && style === 'cinematic' && shot.orbit && !head) {
      void c.rotate(Math.min(delta, 0.1) * ORBIT_SPEED, 0, true);
      state.invalidate();
    }
  });

  useSceneProbe(sceneVersion);

  return <CameraControls ref={controls} makeDefault smoothTime={0.6} maxPolarAngle={Math.PI / 2 - 0.05} />;
}
