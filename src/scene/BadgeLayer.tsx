/** The badges over the other models: seen from the selected model, or while it is dragged, from its ghost. */
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import type { TableTools } from '../state/tableTools';
import { ModelLabels } from './ModelLabels';

export function BadgeLayer({ store, tools, ready }: { store: TabletopStore; tools: TableTools; ready: boolean }) {
  const dragId = useStore(tools.pointer, (p) => p.dragId);
  const ghost = useStore(tools.pointer, (p) => p.ghost);
  const badges = useStore(store, (s) => tools.badges(s));
  if (dragId) return ghost.length > 0 ? <ModelLabels labels={ghost} store={store} /> : null;
  return badges.length > 0 && ready ? <ModelLabels labels={badges} store={store} /> : null;
}
