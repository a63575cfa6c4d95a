in vec4 vColor;
flat in float vSize;

out vec4 fragColor;

void main() {
  // Distance in pixels from the dot's centre; coverage is half a pixel either side of its
  // rim, as in thick_line.frag (0.5 - signed distance).
  float dist = length(gl_PointCoord - vec2(0.5)) * vSize;
  float coverage = clamp(0.5 * vSize - dist, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
