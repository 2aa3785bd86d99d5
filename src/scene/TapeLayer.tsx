/** The tape: laid between its two ends with its length, or from its first end to the cursor while the second is chosen. */
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import type { TableTools } from '../state/tableTools';
import { TapeLine } from './TapeLine';
import { LooseTape } from './LooseTape';

export function TapeLayer({ store, tools }: { store: TabletopStore; tools: TableTools }) {
  const laid = useStore(store, (s) => tools.tape(s));
  return (
    <>
      {laid && <TapeLine from={laid.from} to={laid.to} length={laid.length} />}
      <LooseTape store={store} tools={tools} />
    </>
  );
}
