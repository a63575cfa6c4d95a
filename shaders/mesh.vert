// A mesh shape's triangles (or its edges), uploaded once in the mesh's own frame and placed
// by its pose: world = uModel * p (centre, axes, scale).

layout(location = 0) in vec3 aPos;

uniform mat4 uViewProj;
uniform mat4 uModel;

out vec3 vWorld;

void main() {
  vec4 world = uModel * vec4(aPos, 1.0);
  vWorld = world.xyz;
  gl_Position = uViewProj * world;
}
