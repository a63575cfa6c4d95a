#version 330 core
in vec4 vColor;
out vec4 fragColor;

void main() { fragColor = vec4(min(vColor.rgb, vec3(1.0)), vColor.a); }
