/** The badges over the other models: seen from the selected model, while it is dragged from its ghost, or in the threat view (H) what each enemy sees of it. */
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import type { TableTools } from '../state/tableTools';
import { ModelLabels } from './ModelLabels';

export function BadgeLayer({ store, tools, ready }: { store: TabletopStore; tools: TableTools; ready: boolean }) {
  const dragId = useStore(tools.pointer, (p) => p.dragId);
  const ghost = useStore(tools.pointer, (p) => p.ghost);
  const badges = useStore(store, (s) => tools.badges(s));
  const threats = useStore(store, (s) => tools.threats(s));
  const threatView = useStore(store, (s) => s.showThreats && s.selectedId !== null);
  if (threatView && !dragId) return ready ? <ModelLabels labels={threats} store={store} threat /> : null;
  if (dragId) return ghost.length > 0 ? <ModelLabels labels={ghost} store={store} /> : null;
  return badges.length > 0 && ready ? <ModelLabels labels={badges} store={store} /> : null;
}
