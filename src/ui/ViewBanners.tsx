/**
 * Small always-on helpers for a viewer: the legend of side colours (who is red, who is blue, and who
 * sits there) and, in the eye view, how to leave it.
 */
import { useStore } from 'zustand';
import { sideColour, sidesOf } from '../state/sideColours';
import type { TabletopStore } from '../state/store';
import { SEAT_WORDS } from '../state/playView';
import { useSay, useUi } from '../i18n/useSay';
import { sideColourWords } from '../state/sideColours';

/** Props: the store. */
export function SideLegend({ store }: { store: TabletopStore }) {
  const models = useStore(store, (s) => s.scene.models);
  const play = useStore(store, (s) => s.play);
  const ui = useUi();
  const say = useSay();
  const sides = play?.sides ?? sidesOf(models ?? []);
  if (sides.length === 0) return null;
  const name = (side: string): string | null => play?.forceNames[side as 'A' | 'B'] ?? null;
  return (
    <ul className="side-legend" data-testid="side-legend" aria-label={ui('ui:legend.label')}>
      {sides.map((side) => {
        const seat = play?.seats[side as 'A' | 'B'];
        return (
          <li key={side} data-testid={`legend-${side}`}>
            <span
              className="swatch"
              style={{ background: sideColour(side, sides) }}
              title={say(sideColourWords(side, sides))}
            />
            <strong>{side}</strong> <span className="muted">{say(sideColourWords(side, sides))}</span>
            {name(side) && <span> {name(side)}</span>}
            {seat && <span className="muted"> ({ui(SEAT_WORDS[seat])})</span>}
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
  const ui = useUi();
  if (!eye) return null;
  return (
    <div className="eye-banner" data-testid="eye-banner" role="status">
      {ui('ui:eye.from', { name: who?.name ?? who?.id ?? ui('ui:eye.selected') })}: {ui('ui:eye.press')} <kbd>E</kbd>{' '}
      {ui('ui:eye.or')} <kbd>Esc</kbd> {ui('ui:eye.to-leave')}{' '}
      <button type="button" data-testid="eye-leave" onClick={() => store.getState().setCameraMode('orbit')}>
        {ui('ui:eye.leave')}
      </button>
    </div>
  );
}
