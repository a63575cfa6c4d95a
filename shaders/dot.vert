// A round dot as one GL point (DotBatch): the point sprite is the dot's diameter plus a
// pixel, so that the fragment shader's one-pixel coverage ramp fits inside it, as the quad
// of a thick line is half a pixel wider than the line on each side.

layout(location = 0) in vec3 iPos;
layout(location = 1) in vec4 iColor;
layout(location = 2) in float iDiameter;  // framebuffer pixels

uniform mat4 uViewProj;

out vec4 vColor;
flat out float vSize;

void main() {
  gl_Position = uViewProj * vec4(iPos, 1.0);
  vSize = iDiameter + 1.0;
  gl_PointSize = vSize;
  vColor = iColor;
}
