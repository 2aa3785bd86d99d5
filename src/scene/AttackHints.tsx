/**
 * Over the hovered model, in a match: what the selected model can do to it, in the panel's words, each
 * attack with its odds under it in numbers (the score to hit, the chance, the share hidden, the dice:
 * the ruleset's `odds`), the first marked as what a click on it plays. Nothing when the selected model
 * has nothing to do to it.
 */
import { Html } from '@react-three/drei';
import { useStore } from 'zustand';
import { actionsOn } from '../state/playView';
import { oddsWords } from '../state/oddsWords';
import type { TabletopStore } from '../state/store';
import { useSay, useUi } from '../i18n/useSay';

export function AttackHints({ store }: { store: TabletopStore }) {
  const say = useSay();
  const ui = useUi();
  const hovered = useStore(store, (s) => s.hoveredId);
  const selected = useStore(store, (s) => s.selectedId);
  const choices = useStore(store, (s) => s.play?.choices);
  const model = useStore(store, (s) => (s.scene.models ?? []).find((m) => m.id === hovered) ?? null);
  if (!choices || !model || !hovered) return null;
  const acts = actionsOn({ choices }, selected, hovered);
  if (acts.length === 0) return null;
  const [x, y, z] = model.position;
  return (
    <Html pointerEvents="none" position={[x, y + model.height + 1.4, z]} center className="label" zIndexRange={[12, 2]}>
      <ol className="attack-hints" data-testid="attack-hints">
        {acts.slice(0, 4).map((c, i) => {
          const odds = oddsWords(c.odds);
          return (
            <li key={i} className={i === 0 ? 'first' : ''}>
              {i === 0 && <span className="hint-click">{ui('ui:scene.click-plays')}</span>}
              {say(c.label)}
              {odds && (
                <span className="hint-odds" data-testid="attack-odds">
                  {say(odds)}
                </span>
              )}
            </li>
          );
        })}
        {acts.length > 4 && <li className="more">{ui('ui:scene.more-actions', { n: acts.length - 4 })}</li>}
      </ol>
    </Html>
  );
}
