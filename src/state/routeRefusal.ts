/**
 * Why the movement core refused a measured move, in the app's words (engine `routeWords`): the refusal's
 * id and parameters with its models and terrain pieces named as the scene names them. A path refused
 * without an id (none today) falls back to "cannot move there".
 */
import type { Scene } from '../geometry/sceneTypes';
import type { MovePath } from '../movement/path';
import { msg, type Msg } from '../rules/engine/message';
import { routeWords } from '../rules/engine/words';

/** A model or a terrain piece of the scene by its name (its id when it has none). */
export function sceneNames(scene: Scene): (id: string) => string {
  return (id) =>
    (scene.models ?? []).find((m) => m.id === id)?.name ?? (scene.terrain ?? []).find((t) => t.id === id)?.name ?? id;
}

/** The words of a refused path on `scene` (null when the path is not refused). */
export function routeRefusal(path: MovePath, scene: Scene): Msg | null {
  if (path.reachable) return null;
  if (!path.problem) return msg('ui:scene.cannot-move');
  return routeWords(path.problem, sceneNames(scene), scene.table);
}
