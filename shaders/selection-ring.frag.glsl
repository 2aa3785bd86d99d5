// A soft glowing ring that breathes slowly, readable on any mat colour and on stream at 720p.
// uInner: ring radius as a share of the quad's half size; uTime: seconds.
uniform vec3 uColor;
uniform float uTime;
uniform float uInner;
varying vec2 vUv;

void main() {
  float r = length(vUv - 0.5) * 2.0;
  float pulse = 0.75 + 0.25 * sin(uTime * 3.0);
  float band = smoothstep(uInner - 0.08, uInner, r) * (1.0 - smoothstep(uInner + 0.02, 1.0, r));
  float core = 1.0 - smoothstep(0.0, 0.05, abs(r - uInner - 0.01));
  float alpha = clamp(band * 0.55 * pulse + core * 0.9, 0.0, 1.0);
  if (alpha < 0.01) discard;
  gl_FragColor = vec4(uColor, alpha);
}
