// Flat translucent triangles (the separating plane): world positions, one colour each.

layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;  // straight RGBA, from four normalised bytes

uniform mat4 uViewProj;

out vec4 vColor;

void main() {
  gl_Position = uViewProj * vec4(aPos, 1.0);
  vColor = aColor;
}
