/** Calls `then` once the canvas has drawn `count` frames. */
import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';

export function AfterFrames({ count, then }: { count: number; then: () => void }) {
  const frames = useRef(0);
  useFrame((state) => {
    frames.current += 1;
    if (frames.current === count) then();
    // The canvas renders on demand: ask for the frames still to count.
    else if (frames.current < count) state.invalidate();
  });
  return null;
}
