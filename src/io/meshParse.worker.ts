/**
 * The mesh worker: checks and parses one mesh file at a time (meshParts.ts) off the main thread and
 * answers with transferable typed arrays, or the reason the file was refused. The main thread's pool
 * (meshWorkerPool.ts) holds the time limit and terminates this worker when a file takes too long.
 */
import { MeshError } from './meshChecks';
import { outlineOf, readMeshParts, transferablesOf } from './meshParts';
import type { MeshRequest, MeshResponse } from './meshWorkerPool';

/** The most triangles a file's outline is drawn for here. */
const OUTLINE_MAX_TRIANGLES = 500_000;

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<MeshRequest>) => void) | null;
  postMessage(message: MeshResponse, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, bytes, file, want } = e.data;
  readMeshParts(bytes, file, want).then(
    (parsed) => {
      // A terrain piece's outline is drawn from here (outline.ts: a quarter of a second for the big table's
      // half a million triangles), up to OUTLINE_MAX_TRIANGLES: past that the page draws it.
      if (want === 'terrain')
        for (const part of parsed.parts)
          if (part.positions.length / 9 <= OUTLINE_MAX_TRIANGLES) part.outline = outlineOf(part);
      scope.postMessage({ id, ok: true, parsed }, transferablesOf(parsed));
    },
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        code: error instanceof MeshError ? error.code : 'unreadable',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
