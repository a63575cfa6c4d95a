// Thick, anti-aliased line segments drawn in screen space, one quad (two indexed
// triangles) per segment. The four vertices of a quad carry the same segment;
// gl_VertexID & 3 picks the corner. (Not instanced: Mesa's llvmpipe pays a fixed cost per instance that dwarfs a
// 4-vertex quad, and the teaching app must stay fluid on software rendering. Nor one big
// triangle per segment: that halves the triangles but doubles the pixels shaded, which
// costs more under MSAA; see docs/performance.md.)
// glLineWidth above 1 is not available in a forward-compatible core context, so the quad
// is built here: the segment is projected, clipped against the near plane, then widened
// by half its pixel width (plus a pixel for the anti-aliasing ramp) and capped at both ends
// (the fragment shader's capsule distance).

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

  // Clip the segment (Liang-Barsky, in homogeneous clip space where every plane is
  // linear in the segment parameter) against the near plane z = -w and a guard band of
  // twice the viewport (|x|, |y| <= 2w): endpoints behind the eye would flip, and endpoints
  // far off screen would give the quad below coordinates too large for float.
  float t0 = 0.0, t1 = 1.0;
  bool visible = true;
  for (int i = 0; i < 5; ++i) {
    vec4 plane = i == 0 ? vec4(0, 0, 1, 1) : i == 1 ? vec4(-1, 0, 0, 2) : i == 2 ? vec4(1, 0, 0, 2)
               : i == 3 ? vec4(0, -1, 0, 2) : vec4(0, 1, 0, 2);
    float fa = dot(plane, ca), fb = dot(plane, cb);
    if (fa < 0.0 && fb < 0.0) visible = false;
    else if (fa < 0.0) t0 = max(t0, fa / (fa - fb));
    else if (fb < 0.0) t1 = min(t1, fa / (fa - fb));
  }
  if (!visible || t0 > t1) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // nothing left: outside the clip volume
    vColor = vec4(0.0);
    vLocal = vec2(0.0);
    vHalfWidth = 0.0;
    vLength = 0.0;
    vDash = 0.0;
    vHead = 0.0;
    return;
  }
  vec4 a0 = ca;
  ca = mix(a0, cb, t0);
  cb = mix(a0, cb, t1);

  vec3 na = ca.xyz / ca.w;
  vec3 nb = cb.xyz / cb.w;
  vec2 sa = na.xy * 0.5 * uViewport;
  vec2 sb = nb.xy * 0.5 * uViewport;
  vec2 d = sb - sa;
  float len = length(d);
  vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);

  // Half the quad's width: the line's, or the arrow head's (half width 0.55 H), plus half
  // a pixel for the anti-aliasing ramp (coverage reaches 0 half a pixel outside the core).
  float hw = max(0.5 * iWidth, 0.55 * iHead) + 0.5;

  // The quad is the capped rectangle [-hw, len + hw] x [-hw, hw], in pixels along (x) and
  // across (y) the segment from A; its corners 0..3 are (A-, A+, B-, B+).
  int corner = gl_VertexID & 3;
  vec2 local = vec2((corner >> 1) == 1 ? len + hw : -hw, (corner & 1) == 1 ? hw : -hw);
  vec2 screen = sa + dir * local.x + nrm * local.y;
  // Depth in NDC is an affine function of the screen position along a projected line, so
  // it extends linearly past the endpoints.
  float z = len > 1e-6 ? mix(na.z, nb.z, local.x / len) : na.z;
  gl_Position = vec4(screen / (0.5 * uViewport), z, 1.0);

  vColor = iColor;
  vLocal = local;
  vHalfWidth = 0.5 * iWidth;
  vLength = len;
  vDash = iDash;
  vHead = iHead;
}
