// Value noise shared by the procedural shaders (smoke.frag.glsl, terrain-material.glsl): a hash of a
// lattice point, and smooth noise between the lattice points of a 3D position.
float vnHash(vec3 p) {
  p = fract(p * 0.3183099 + 0.1);
  p *= 17.0;
  return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}

float vnNoise(vec3 x) {
  vec3 i = floor(x);
  vec3 f = fract(x);
  f = f * f * (3.0 - 2.0 * f);
  return mix(mix(mix(vnHash(i + vec3(0, 0, 0)), vnHash(i + vec3(1, 0, 0)), f.x),
                 mix(vnHash(i + vec3(0, 1, 0)), vnHash(i + vec3(1, 1, 0)), f.x), f.y),
             mix(mix(vnHash(i + vec3(0, 0, 1)), vnHash(i + vec3(1, 0, 1)), f.x),
                 mix(vnHash(i + vec3(0, 1, 1)), vnHash(i + vec3(1, 1, 1)), f.x), f.y), f.z);
}
