/**
 * What the table shows about the pointer: the reach of the selected model (hidden while it is dragged),
 * the dragged model's measured path and ghost, and in a match the route the selected model would take
 * to the hovered spot, measured against its move.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import type { TableTools } from '../state/tableTools';
import { routeRefusal } from '../state/routeRefusal';
import { DragPreview } from './DragPreview';
import { ReachHeatMap } from './ReachHeatMap';

export function ToolPreview({ store, tools }: { store: TabletopStore; tools: TableTools }) {
  const dragId = useStore(tools.pointer, (p) => p.dragId);
  const path = useStore(tools.pointer, (p) => p.path);
  const fall = useStore(tools.pointer, (p) => p.fall);
  const grid = useStore(store, (s) => tools.reachGrid(s));
  const hovering = useStore(store, (s) => (s.play ? s.selectedId : null));
  const moving = dragId ?? hovering;
  const model = useStore(store, (s) => (s.scene.models ?? []).find((m) => m.id === moving) ?? null);
  const allowance = useStore(store, (s) => tools.allowanceOf(s, moving));
  const kind = useStore(store, (s) => (path && moving ? tools.moveKind(s, moving, path.length) : null));
  // Worded outside the selector: a selector that builds a new value on each call never settles (React
  // renders again for every new snapshot), which froze the page once a refused route was hovered.
  const scene = useStore(store, (s) => s.scene);
  const refusal = useMemo(() => (path ? routeRefusal(path, scene) : null), [path, scene]);
  // Measured against the kind of move a click there plays, else (out of every kind's reach) the farthest.
  const against = kind?.allowance ?? allowance;
  return (
    <>
      {grid && !dragId && <ReachHeatMap grid={grid} />}
      {model && (dragId || path) && (
        <DragPreview
          model={model}
          path={path}
          allowance={against}
          fall={fall}
          kind={kind?.label ?? null}
          refusal={refusal}
        />
      )}
    </>
  );
}
