/**
 * The host's "Broadcast" controls: open a spectator window, and direct every spectator without
 * touching it: what the camera follows, cinematic or the host's own camera, and which overlay parts
 * show. The settings go over the channel (channel.ts).
 */
import { useStore } from 'zustand';
import { CAMERA_STYLES, CAMERA_TARGETS, type CameraStyle, type CameraTarget, type DirectionStore } from './channel';
import { OVERLAY_PARTS, type OverlayPart } from './params';
import { useUi } from '../i18n/useSay';

const TARGET_LABELS: Record<CameraTarget, string> = {
  active: 'ui:broadcast.target.active',
  selected: 'ui:broadcast.target.selected',
  fixed: 'ui:broadcast.target.fixed',
};
const STYLE_LABELS: Record<CameraStyle, string> = {
  cinematic: 'ui:broadcast.style.cinematic',
  host: 'ui:broadcast.style.host',
};
const PART_LABELS: Record<OverlayPart, string> = {
  status: 'ui:broadcast.part.status',
  score: 'ui:broadcast.part.score',
  roll: 'ui:broadcast.part.roll',
  log: 'ui:broadcast.part.log',
};

/** The spectator window's URL from the host page's location. */
export function spectatorUrl(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}?spectator&aspect=16:9`;
}

/** Props: the direction store the channel posts from. */
export function BroadcastControls({ direction }: { direction: DirectionStore }) {
  const d = useStore(direction, (s) => s.direction);
  const set = direction.getState().setDirection;
  const ui = useUi();
  return (
    <span className="broadcast" role="group" aria-label={ui('ui:broadcast')}>
      <button
        type="button"
        data-testid="spectator-window"
        title={ui('ui:broadcast.window.title')}
        onClick={() => window.open(spectatorUrl(window.location), '_blank', 'popup,width=1280,height=720')}
      >
        {ui('ui:broadcast.window')}
      </button>
      <details className="broadcast-menu">
        <summary title={ui('ui:broadcast.title')}>{ui('ui:broadcast')}</summary>
        <div className="broadcast-panel">
          <label>
            {ui('ui:broadcast.camera')}{' '}
            <select
              value={d.target}
              data-testid="broadcast-target"
              onChange={(e) => set({ target: e.target.value as CameraTarget })}
            >
              {CAMERA_TARGETS.map((t) => (
                <option key={t} value={t}>
                  {ui(TARGET_LABELS[t])}
                </option>
              ))}
            </select>
          </label>
          <label>
            {ui('ui:broadcast.style')}{' '}
            <select
              value={d.style}
              data-testid="broadcast-style"
              onChange={(e) => set({ style: e.target.value as CameraStyle })}
            >
              {CAMERA_STYLES.map((t) => (
                <option key={t} value={t}>
                  {ui(STYLE_LABELS[t])}
                </option>
              ))}
            </select>
          </label>
          <span>
            {ui('ui:broadcast.overlay')}
            {OVERLAY_PARTS.map((p) => (
              <label key={p}>
                <input
                  type="checkbox"
                  checked={d.overlay[p]}
                  data-testid={`broadcast-overlay-${p}`}
                  onChange={(e) => set({ overlay: { ...d.overlay, [p]: e.target.checked } })}
                />{' '}
                {ui(PART_LABELS[p])}
              </label>
            ))}
          </span>
        </div>
      </details>
    </span>
  );
}
