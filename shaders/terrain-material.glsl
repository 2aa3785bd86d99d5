// Procedural terrain surfaces, injected into three's MeshStandardMaterial (src/scene/terrainMaterial.ts):
// a colour factor and a roughness factor from the world position (inches), so concrete, metal and
// foliage read apart without any texture file. TERRAIN_MATERIAL is 0 concrete, 1 metal, 2 foliage.
varying vec3 vTerrainWorld;
varying vec3 vTerrainNormal;

float tHash(vec3 p) {
  p = fract(p * 0.3183099 + 0.1);
  p *= 17.0;
  return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}

float tNoise(vec3 x) {
  vec3 i = floor(x);
  vec3 f = fract(x);
  f = f * f * (3.0 - 2.0 * f);
  return mix(mix(mix(tHash(i + vec3(0, 0, 0)), tHash(i + vec3(1, 0, 0)), f.x),
                 mix(tHash(i + vec3(0, 1, 0)), tHash(i + vec3(1, 1, 0)), f.x), f.y),
             mix(mix(tHash(i + vec3(0, 0, 1)), tHash(i + vec3(1, 0, 1)), f.x),
                 mix(tHash(i + vec3(0, 1, 1)), tHash(i + vec3(1, 1, 1)), f.x), f.y), f.z);
}

// Three octaves: enough to read at table distance, cheap enough for software WebGL.
float tFbm(vec3 p) {
  return tNoise(p) * 0.57 + tNoise(p * 2.03) * 0.29 + tNoise(p * 4.01) * 0.14;
}

// Concrete: cloudy mottling, fine speckle, darker water stains running down, and pour lines every 1.5".
vec3 concreteSurface(vec3 p, vec3 n, inout float rough) {
  float mottle = tFbm(p * 0.9);
  float speckle = tHash(floor(p * 28.0));
  float stain = smoothstep(0.55, 0.8, tNoise(vec3(p.x * 1.7, p.y * 0.25, p.z * 1.7)));
  float pour = 1.0 - 0.07 * (1.0 - abs(n.y)) * smoothstep(0.93, 1.0, abs(fract(p.y / 1.5) * 2.0 - 1.0));
  rough = clamp(rough * (0.95 + 0.1 * speckle), 0.0, 1.0);
  return vec3((0.82 + 0.3 * mottle + 0.1 * (speckle - 0.5)) * (1.0 - 0.22 * stain) * pour);
}

// Metal: corrugated sheet (ridges every 0.35" across its faces), brushed streaks, and rust patches.
vec3 metalSurface(vec3 p, vec3 n, inout float rough, inout float metal) {
  float along = abs(n.x) > abs(n.z) ? p.z : p.x;
  float ridge = 0.5 + 0.5 * sin(along * 17.95);
  float brushed = tNoise(vec3(p.x * 0.6, p.y * 40.0, p.z * 0.6));
  float rust = smoothstep(0.58, 0.75, tFbm(p * 1.3 + vec3(7.0)));
  vec3 steel = vec3(0.86 + 0.18 * ridge * (1.0 - abs(n.y)) + 0.08 * brushed);
  vec3 rusted = vec3(1.25, 0.68, 0.42) * (0.7 + 0.4 * tNoise(p * 9.0));
  rough = mix(0.35 + 0.15 * brushed, 0.9, rust);
  metal = mix(0.35, 0.1, rust);
  return mix(steel, rusted, rust);
}

// Foliage: clumps of light and dark leaves at two scales, with a few sunlit tips.
vec3 foliageSurface(vec3 p, inout float rough) {
  float clumps = tNoise(p * 1.4) * 0.65 + tNoise(p * 3.1) * 0.35;
  float leaves = tNoise(p * 9.0);
  float tips = smoothstep(0.78, 0.95, tNoise(p * 17.0 + vec3(3.0)));
  rough = 0.95;
  vec3 dark = vec3(0.4, 0.55, 0.38);
  vec3 light = vec3(1.35, 1.45, 0.85);
  return mix(dark, light, clamp(clumps * 0.8 + leaves * 0.4 - 0.2, 0.0, 1.0)) + vec3(0.25, 0.2, 0.0) * tips;
}
