#version 330 core
in vec4 vColor;
noperspective in vec2 vLocal;
flat in float vHalfWidth;
flat in float vLength;
flat in float vDash;

out vec4 fragColor;

void main() {
  // Distance in pixels from the segment's core (a capsule: round caps at both ends).
  float along = clamp(vLocal.x, 0.0, vLength);
  float dist = length(vec2(vLocal.x - along, vLocal.y));
  float coverage = clamp(vHalfWidth + 0.5 - dist, 0.0, 1.0);
  if (vDash > 0.0 && mod(vLocal.x, vDash) > 0.5 * vDash) discard;
  if (coverage <= 0.0) discard;
  fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
