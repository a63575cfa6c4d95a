in vec3 vViewPos;
flat in vec3 vCenter;
flat in float vRadius;
flat in vec4 vColor;

uniform mat4 uProj;
uniform int uOrtho;
uniform vec3 uLightView;                // unit, view space, towards the light

out vec4 fragColor;

void main() {
  vec3 origin = uOrtho != 0 ? vViewPos : vec3(0.0);
  vec3 dir = uOrtho != 0 ? vec3(0.0, 0.0, -1.0) : normalize(vViewPos);
  // Ray-sphere (Ericson, Real-Time Collision Detection 5.3.2): with m = origin - centre,
  // b = m.d, the ray passes the centre at squared distance |m|^2 - b^2. Measured in radii,
  // so that the anti-aliasing floor below (and the squares) do not depend on the scene's
  // scale: in world units, the floor of 1e-6 made a sphere 1e-9 across cover its whole quad.
  vec3 m = (origin - vCenter) / vRadius;
  float b = dot(m, dir);
  float miss2 = max(dot(m, m) - b * b, 0.0);
  float edge = 1.0 - sqrt(miss2);                         // > 0 inside the silhouette
  float coverage = clamp(edge / max(fwidth(edge), 1e-6) + 0.5, 0.0, 1.0);
  if (coverage <= 0.0) discard;

  float t = -b - sqrt(max(1.0 - miss2, 0.0));
  vec3 n = m + dir * t;
  vec3 hit = vCenter + n * vRadius;
  // Soft shading plus a rim that thickens the fill towards the outline, so the ball reads
  // as round without hiding what lies inside it.
  float lambert = 0.5 * dot(n, uLightView) + 0.5;
  float facing = clamp(-dot(n, dir), 0.0, 1.0);
  vec3 rgb = vColor.rgb * (0.5 + 0.7 * lambert) + vec3(0.25) * pow(lambert, 24.0);
  float alpha = vColor.a * (0.7 + 0.9 * (1.0 - facing));
  fragColor = vec4(min(rgb, vec3(1.0)), min(alpha, 1.0) * coverage);

  // Depth of the front surface, nudged back a little so the silhouette outline drawn at
  // the same depth stays on top.
  vec4 clip = uProj * vec4(hit, 1.0);
  gl_FragDepth = clamp((clip.z / clip.w) * 0.5 + 0.5 + 2e-5, 0.0, 1.0);
}
