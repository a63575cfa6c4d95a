// Sphere fills as impostors: one camera-facing quad per sphere that just covers its
// silhouette; the fragment shader intersects the view ray with the sphere. Works in view
// space, where the eye is at the origin looking down -Z (orthographic: rays along -Z).

layout(location = 0) in vec2 aCorner;   // -1 or +1 in each coordinate
layout(location = 1) in vec4 iSphere;   // world centre xyz, radius w (> 0)
layout(location = 2) in vec4 iColor;    // straight RGBA; alpha is the fill's opacity

uniform mat4 uView;
uniform mat4 uProj;
uniform int uOrtho;

out vec3 vViewPos;                      // the quad point, view space
flat out vec3 vCenter;                  // sphere centre, view space
flat out float vRadius;
flat out vec4 vColor;

void main() {
  vec3 c = (uView * vec4(iSphere.xyz, 1.0)).xyz;
  float r = iSphere.w;
  vCenter = c;
  vRadius = r;
  vColor = iColor;

  vec3 dir;          // from the eye towards the centre, unit
  float halfSize;    // half the quad's side, on the plane tangent to the sphere's front
  if (uOrtho != 0) {
    dir = vec3(0.0, 0.0, -1.0);
    halfSize = r;
  } else {
    float d = length(c);
    if (d <= r * 1.0001) {
      // The eye is inside the sphere: there is no silhouette to fill.
      gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
      vViewPos = vec3(0.0);
      return;
    }
    dir = c / d;
    // The tangent cone from the eye has half angle asin(r / d); at distance d - r from the
    // eye its cross-section radius is (d - r) * r / sqrt(d^2 - r^2).
    halfSize = (d - r) * r / sqrt(d * d - r * r);
  }
  vec3 helper = abs(dir.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 u = normalize(cross(helper, dir));
  vec3 v = cross(dir, u);
  // 6% margin so the anti-aliasing ramp just outside the silhouette is rasterised too.
  vec3 p = c - dir * r + (u * aCorner.x + v * aCorner.y) * (halfSize * 1.06);
  vViewPos = p;
  gl_Position = uProj * vec4(p, 1.0);
}
