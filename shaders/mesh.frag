// Flat shading from the triangle's own slope on screen (no normals to upload): the face's
// world normal is the cross product of the position's screen derivatives, shaded
// half-Lambert as the box faces are, so a mesh's facets read as a solid. uShade 0 draws
// the colour as it is (the mesh's edges).
in vec3 vWorld;
out vec4 fragColor;

uniform vec4 uColor;   // straight RGBA
uniform vec3 uLight;   // unit, world space, towards the light
uniform float uShade;  // 1: shaded faces, 0: flat colour

void main() {
  vec3 n = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
  float lambert = 0.5 * abs(dot(n, uLight)) + 0.5;
  float k = mix(1.0, 0.25 + 1.05 * lambert, uShade);
  float a = uColor.a * mix(1.0, 0.6 + 0.7 * lambert, uShade);
  fragColor = min(vec4(uColor.rgb * k, a), vec4(1.0));
}
