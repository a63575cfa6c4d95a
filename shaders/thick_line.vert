#version 330 core
// Thick, anti-aliased line segments drawn as screen-space quads, one instance per segment.
// glLineWidth above 1 is not available in a forward-compatible core context, so the quad
// is built here: the segment is projected, clipped against the near plane, then widened
// by half its pixel width (plus a pixel for the anti-aliasing ramp) and capped at both ends.

layout(location = 0) in vec2 aCorner;   // x: 0 at endpoint A, 1 at B; y: -1 or +1 side
layout(location = 1) in vec3 iA;
layout(location = 2) in vec3 iB;
layout(location = 3) in vec4 iColor;
layout(location = 4) in float iWidth;   // pixels
layout(location = 5) in float iDash;    // dash period in pixels, 0 = solid
layout(location = 6) in float iHead;    // arrow head length in pixels at B, 0 = none

uniform mat4 uViewProj;
uniform vec2 uViewport;                 // framebuffer size in pixels

out vec4 vColor;
noperspective out vec2 vLocal;          // x: pixels along the segment from A, y: pixels across
flat out float vHalfWidth;
flat out float vLength;
flat out float vDash;
flat out float vHead;

void main() {
  vec4 ca = uViewProj * vec4(iA, 1.0);
  vec4 cb = uViewProj * vec4(iB, 1.0);

  // Clip against the plane w = near so that endpoints behind the camera do not flip.
  const float kNearW = 1e-4;
  if (ca.w < kNearW && cb.w < kNearW) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // entirely behind: outside the clip volume
    vColor = vec4(0.0);
    vLocal = vec2(0.0);
    vHalfWidth = 0.0;
    vLength = 0.0;
    vDash = 0.0;
    vHead = 0.0;
    return;
  }
  if (ca.w < kNearW) ca = mix(ca, cb, (kNearW - ca.w) / (cb.w - ca.w));
  if (cb.w < kNearW) cb = mix(cb, ca, (kNearW - cb.w) / (ca.w - cb.w));

  vec2 sa = (ca.xy / ca.w) * 0.5 * uViewport;
  vec2 sb = (cb.xy / cb.w) * 0.5 * uViewport;
  vec2 d = sb - sa;
  float len = length(d);
  vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);

  // Half the quad's width: the line's, or the arrow head's (half width 0.55 H), plus one
  // pixel for the anti-aliasing ramp.
  float hw = max(0.5 * iWidth, 0.55 * iHead) + 1.0;
  vec4 c = mix(ca, cb, aCorner.x);
  vec2 offset = nrm * aCorner.y * hw + dir * (aCorner.x * 2.0 - 1.0) * hw;
  c.xy += offset / (0.5 * uViewport) * c.w;
  gl_Position = c;

  vColor = iColor;
  vLocal = vec2(aCorner.x * len + (aCorner.x * 2.0 - 1.0) * hw, aCorner.y * hw);
  vHalfWidth = 0.5 * iWidth;
  vLength = len;
  vDash = iDash;
  vHead = iHead;
}
