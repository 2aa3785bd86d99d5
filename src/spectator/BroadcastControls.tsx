/**
 * The host's "Broadcast" controls: open a spectator window, and direct every spectator without
 * touching it: what the camera follows, cinematic or the host's own camera, and which overlay parts
 * show. The settings go over the channel (channel.ts).
 */
import { useStore } from 'zustand';
import { CAMERA_STYLES, CAMERA_TARGETS, type CameraStyle, type CameraTarget, type DirectionStore } from './channel';
import { OVERLAY_PARTS } from './params';

const TARGET_LABELS: Record<CameraTarget, string> = {
  active: 'Follow the active model',
  selected: 'Follow the selected model',
  fixed: 'Fixed shot of the table',
};
const STYLE_LABELS: Record<CameraStyle, string> = {
  cinematic: 'Cinematic camera',
  host: "Follow this window's camera",
};

/** The spectator window's URL from the host page's location. */
export function spectatorUrl(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}?spectator&aspect=16:9`;
}

/** Props: the direction store the channel posts from. */
export function BroadcastControls({ direction }: { direction: DirectionStore }) {
  const d = useStore(direction, (s) => s.direction);
  const set = direction.getState().setDirection;
  return (
    <span className="broadcast" role="group" aria-label="Broadcast">
      <button
        type="button"
        data-testid="spectator-window"
        title="Open the table alone in a new window for streaming (it follows this window's match)"
        onClick={() => window.open(spectatorUrl(window.location), '_blank', 'popup,width=1280,height=720')}
      >
        Spectator window
      </button>
      <details className="broadcast-menu">
        <summary title="Direct the spectator windows from here">Broadcast</summary>
        <div className="broadcast-panel">
          <label>
            Camera{' '}
            <select
              value={d.target}
              data-testid="broadcast-target"
              onChange={(e) => set({ target: e.target.value as CameraTarget })}
            >
              {CAMERA_TARGETS.map((t) => (
                <option key={t} value={t}>
                  {TARGET_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Style{' '}
            <select
              value={d.style}
              data-testid="broadcast-style"
              onChange={(e) => set({ style: e.target.value as CameraStyle })}
            >
              {CAMERA_STYLES.map((t) => (
                <option key={t} value={t}>
                  {STYLE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <span>
            Overlay:
            {OVERLAY_PARTS.map((p) => (
              <label key={p}>
                <input
                  type="checkbox"
                  checked={d.overlay[p]}
                  data-testid={`broadcast-overlay-${p}`}
                  onChange={(e) => set({ overlay: { ...d.overlay, [p]: e.target.checked } })}
                />{' '}
                {p}
              </label>
            ))}
          </span>
        </div>
      </details>
    </span>
  );
}
