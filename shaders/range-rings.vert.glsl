// Range rings: a flat quad centred on the selected base; the fragment shader draws the rings.
varying vec2 vPos;

void main() {
  vPos = position.xy;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
