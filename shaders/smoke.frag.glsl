// A soft smoke column: value noise drifting upwards, thinning towards the rim and the top, so it
// reads as a volume (not a solid cylinder) and models behind it stay faintly visible.
uniform float uTime;
uniform float uRadius;
uniform float uHeight;
uniform vec3 uColor;
varying vec3 vLocal;
varying vec3 vWorld;

void main() {
  vec3 p = vWorld * 0.45 + vec3(0.0, -uTime * 0.35, 0.0);
  float n = vnNoise(p) * 0.6 + vnNoise(p * 2.1) * 0.3 + vnNoise(p * 4.3) * 0.1;
  float rim = length(vLocal.xz) / uRadius;
  float h = clamp((vLocal.y + uHeight * 0.5) / uHeight, 0.0, 1.0);
  float alpha = (0.25 + 0.55 * n) * (1.0 - smoothstep(0.7, 1.0, h)) * (0.55 + 0.45 * (1.0 - rim));
  gl_FragColor = vec4(uColor * (0.8 + 0.4 * n), clamp(alpha, 0.0, 0.85));
}
