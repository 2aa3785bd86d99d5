// Procedural terrain surfaces, injected into three's MeshStandardMaterial (src/scene/terrainMaterial.ts):
// a colour factor and a roughness factor from the world position (inches), so concrete, metal and
// foliage read apart without any texture file. The `terrainSurface` uniform
// picks one (0 concrete, 1 metal, 2 foliage), so the three are one shader program.
varying vec3 vTerrainWorld;
varying vec3 vTerrainNormal;

// Three octaves: enough to read at table distance, cheap enough for software WebGL.
float tFbm(vec3 p) {
  return vnNoise(p) * 0.57 + vnNoise(p * 2.03) * 0.29 + vnNoise(p * 4.01) * 0.14;
}

// Concrete: cloudy mottling, fine speckle, darker water stains running down, and pour lines every 1.5".
vec3 concreteSurface(vec3 p, vec3 n, inout float rough) {
  float mottle = tFbm(p * 0.9);
  float speckle = vnHash(floor(p * 28.0));
  float stain = smoothstep(0.55, 0.8, vnNoise(vec3(p.x * 1.7, p.y * 0.25, p.z * 1.7)));
  float pour = 1.0 - 0.07 * (1.0 - abs(n.y)) * smoothstep(0.93, 1.0, abs(fract(p.y / 1.5) * 2.0 - 1.0));
  rough = clamp(rough * (0.95 + 0.1 * speckle), 0.0, 1.0);
  return vec3((0.82 + 0.3 * mottle + 0.1 * (speckle - 0.5)) * (1.0 - 0.22 * stain) * pour);
}

// Metal: corrugated sheet (ridges every 0.35" across its faces), brushed streaks, and rust patches.
vec3 metalSurface(vec3 p, vec3 n, inout float rough, inout float metal) {
  float along = abs(n.x) > abs(n.z) ? p.z : p.x;
  float ridge = 0.5 + 0.5 * sin(along * 17.95);
  float brushed = vnNoise(vec3(p.x * 0.6, p.y * 40.0, p.z * 0.6));
  float rust = smoothstep(0.58, 0.75, tFbm(p * 1.3 + vec3(7.0)));
  vec3 steel = vec3(0.86 + 0.18 * ridge * (1.0 - abs(n.y)) + 0.08 * brushed);
  vec3 rusted = vec3(1.25, 0.68, 0.42) * (0.7 + 0.4 * vnNoise(p * 9.0));
  rough = mix(0.35 + 0.15 * brushed, 0.9, rust);
  metal = mix(0.35, 0.1, rust);
  return mix(steel, rusted, rust);
}

// Foliage: clumps of light and dark leaves at two scales, with a few sunlit tips.
vec3 foliageSurface(vec3 p, inout float rough) {
  float clumps = vnNoise(p * 1.4) * 0.65 + vnNoise(p * 3.1) * 0.35;
  float leaves = vnNoise(p * 9.0);
  float tips = smoothstep(0.78, 0.95, vnNoise(p * 17.0 + vec3(3.0)));
  rough = 0.95;
  vec3 dark = vec3(0.4, 0.55, 0.38);
  vec3 light = vec3(1.35, 1.45, 0.85);
  return mix(dark, light, clamp(clumps * 0.8 + leaves * 0.4 - 0.2, 0.0, 1.0)) + vec3(0.25, 0.2, 0.0) * tips;
}
