/**
 * Small always-on helpers for a viewer: the legend of side colours (who is red, who is blue, and who
 * sits there) and, in the eye view, how to leave it.
 */
import { useStore } from 'zustand';
import { sideColour, sideColourName, sidesOf } from '../state/sideColours';
import type { TabletopStore } from '../state/store';

/** Props: the store. */
export function SideLegend({ store }: { store: TabletopStore }) {
  const models = useStore(store, (s) => s.scene.models);
  const play = useStore(store, (s) => s.play);
  const sides = play?.sides ?? sidesOf(models ?? []);
  if (sides.length === 0) return null;
  const name = (side: string): string | null => play?.forceNames[side as 'A' | 'B'] ?? null;
  return (
    <ul className="side-legend" data-testid="side-legend" aria-label="Side colours">
      {sides.map((side) => {
        const seat = play?.seats[side as 'A' | 'B'];
        return (
          <li key={side} data-testid={`legend-${side}`}>
            <span
              className="swatch"
              style={{ background: sideColour(side, sides) }}
              title={sideColourName(side, sides)}
            />
            <strong>{side}</strong> <span className="muted">{sideColourName(side, sides)}</span>
            {name(side) && <span> {name(side)}</span>}
            {seat && <span className="muted"> ({seat === 'ai' ? 'AI' : 'human'})</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Props: the store. */
export function EyeViewBanner({ store }: { store: TabletopStore }) {
  const eye = useStore(store, (s) => s.cameraMode === 'eye');
  const who = useStore(store, (s) => s.scene.models?.find((m) => m.id === s.selectedId));
  if (!eye) return null;
  return (
    <div className="eye-banner" data-testid="eye-banner" role="status">
      Eye view from {who?.name ?? who?.id ?? 'the selected model'}: press <kbd>E</kbd> or <kbd>Esc</kbd> to leave{' '}
      <button type="button" data-testid="eye-leave" onClick={() => store.getState().setCameraMode('orbit')}>
        Leave eye view
      </button>
    </div>
  );
}
