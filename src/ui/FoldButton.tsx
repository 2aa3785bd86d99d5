/**
 * The button in a panel's title bar that folds the panel to that bar and opens it again (remembered
 * over a reload, state/foldMemory.ts). A real button: Tab reaches it, Enter or Space presses it, and
 * aria-expanded says whether the panel is open.
 */
import { useStore } from 'zustand';
import type { PanelId, TabletopStore } from '../state/store';
import { useUi } from '../i18n/useSay';

/** Props: the store, the panel, and the id of the part it hides (aria-controls). */
export function FoldButton({ store, panel, controls }: { store: TabletopStore; panel: PanelId; controls: string }) {
  const ui = useUi();
  const folded = useStore(store, (s) => s.folded[panel]);
  const title = folded ? ui('ui:panel.unfold') : ui('ui:panel.fold');
  return (
    <button
      type="button"
      className="fold-button"
      data-testid={`${panel}-fold`}
      aria-expanded={!folded}
      aria-controls={controls}
      aria-label={title}
      title={title}
      onClick={() => store.getState().setFolded(panel, !folded)}
    >
      {folded ? '▸' : '▾'}
    </button>
  );
}
