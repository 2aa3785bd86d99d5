/**
 * Turns the orbit controls off while a model is being dragged (the tools' pointer store says which).
 * It listens to the store directly, so a press on a model switches them off at once, before the
 * controls see the pointer move.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type { TableTools } from '../state/tableTools';

export function ControlsLock({ tools }: { tools: TableTools }) {
  const controls = useThree((s) => s.controls) as { enabled: boolean } | null;
  useEffect(() => {
    if (!controls) return;
    const apply = () => {
      controls.enabled = tools.pointer.getState().dragId === null;
    };
    apply();
    return tools.pointer.subscribe(apply);
  }, [controls, tools]);
  return null;
}
