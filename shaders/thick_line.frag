in vec4 vColor;
noperspective in vec2 vLocal;
flat in float vHalfWidth;
flat in float vLength;
flat in float vDash;
flat in float vHead;

out vec4 fragColor;

void main() {
  // Coverage is 0.5 - signed distance in pixels: a one-pixel anti-aliasing ramp that
  // works on top of MSAA.
  float shaftEnd = vLength;
  float headCoverage = 0.0;
  if (vHead > 0.0 && vLength > 1.0) {  // a shorter arrow is drawn as a dot
    // A filled triangle whose apex is endpoint B: length H along the segment, half width
    // 0.55 H at its base. The shaft stops where the head begins.
    float h = min(vHead, 0.6 * vLength);
    float w = 0.55 * h;
    vec2 q = vec2(vLocal.x - vLength, abs(vLocal.y));     // apex at the origin
    vec2 n = normalize(vec2(w, h));                        // outward normal of the side
    float sdSide = dot(q, n);
    float sdBase = -h - q.x;
    headCoverage = clamp(0.5 - max(sdSide, sdBase), 0.0, 1.0);
    shaftEnd = vLength - 0.5 * h;
  }
  // Distance from the shaft's core: a capsule (round caps at both ends).
  float along = clamp(vLocal.x, 0.0, shaftEnd);
  float dist = length(vec2(vLocal.x - along, vLocal.y));
  float coverage = clamp(vHalfWidth + 0.5 - dist, 0.0, 1.0);
  if (vDash > 0.0 && mod(vLocal.x, vDash) > 0.5 * vDash) coverage = 0.0;
  coverage = max(coverage, headCoverage);
  if (coverage <= 0.0) discard;
  fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
