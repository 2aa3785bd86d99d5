/**
 * A model's own mesh in a ruleset's force data (`mesh`: a player's miniature scan), drawn as its figure
 * in place of the project's. The rules never read the file: they only carry the path to the table
 * (TableView.meshes), where the app loads it and reports a file it cannot read.
 */
import { z } from 'zod';

/** A `.glb`, `.gltf` or `.stl` path, relative to the page (or a URL). */
export const meshField = z
  .string()
  .min(1)
  .max(300)
  .regex(/\.(glb|gltf|stl)$/i, 'must name a .glb, .gltf or .stl file');
