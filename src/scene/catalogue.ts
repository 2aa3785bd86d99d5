/**
 * The three.js classes the table's JSX names (`<mesh>`, `<instancedMesh>`, ...) and the drei parts it
 * uses render. R3F's `<Canvas>` registers the whole `three` namespace (`extend(THREE)`), which keeps
 * every class of three in the first load; the production build hands it this catalogue instead
 * (vite.config.ts, `threeCatalogue`, imports this module's namespace), so only these and what they use are
 * bundled. Each export's name is R3F's catalogue name: the element's name with its first letter upper case.
 * tests/unit/scene/catalogue.test.ts fails when a file of src/ names an element missing here.
 */
// ShaderMaterial: drei's Html (its occluding plane).
export {
  BoxGeometry,
  CircleGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PlaneGeometry,
  RingGeometry,
  ShaderMaterial,
  SphereGeometry,
} from 'three';
