// Rings at fixed distances from the edge of the selected base (ranges are measured edge to edge),
// anti-aliased with screen-space derivatives so they stay one crisp pixel wide at any zoom.
uniform float uBaseRadius;
uniform float uRanges[4];
uniform vec3 uColor;
varying vec2 vPos;

void main() {
  float d = length(vPos) - uBaseRadius;
  float w = fwidth(d) * 1.5;
  float a = 0.0;
  for (int i = 0; i < 4; i++) {
    a = max(a, 1.0 - smoothstep(0.0, w, abs(d - uRanges[i])));
  }
  if (a < 0.02) discard;
  gl_FragColor = vec4(uColor, a * 0.9);
}
