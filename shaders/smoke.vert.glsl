// Smoke volume: a cylinder; the fragment shader needs the local position and the view direction.
varying vec3 vLocal;
varying vec3 vWorld;

void main() {
  vLocal = position;
  vec4 world = modelMatrix * vec4(position, 1.0);
  vWorld = world.xyz;
  gl_Position = projectionMatrix * viewMatrix * world;
}
