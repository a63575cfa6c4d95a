// Translucent box faces: one instance of the unit cube [-1, 1]^3 per box, placed by the
// box's centre, unit axes and half extents. Each face is shaded by its world normal so the
// three visible faces of a box read as a solid.

layout(location = 0) in vec3 aPos;      // cube corner, each coordinate -1 or +1
layout(location = 1) in vec3 aNormal;   // the face's outward normal in the cube's frame
layout(location = 2) in vec3 iCenter;
layout(location = 3) in vec3 iAxis0;    // unit local axes in world space
layout(location = 4) in vec3 iAxis1;
layout(location = 5) in vec3 iAxis2;
layout(location = 6) in vec3 iHalf;     // half extents, >= 0 (0 gives a flat box)
layout(location = 7) in vec4 iColor;    // straight RGBA; alpha is the fill's opacity

uniform mat4 uViewProj;
uniform vec3 uLight;                    // unit, world space, towards the light

out vec4 vColor;

void main() {
  mat3 axes = mat3(iAxis0, iAxis1, iAxis2);
  vec3 world = iCenter + axes * (aPos * iHalf);
  vec3 n = axes * aNormal;
  gl_Position = uViewProj * vec4(world, 1.0);
  // Half-Lambert: faces turned away from the light keep some colour instead of going black.
  // Both colour and opacity follow it, so the three faces in view differ clearly even at
  // low opacity: the lit top reads as a lid, the sides as walls.
  float lambert = 0.5 * dot(n, uLight) + 0.5;
  vColor = vec4(iColor.rgb * (0.25 + 1.05 * lambert), iColor.a * (0.6 + 0.7 * lambert));
}
