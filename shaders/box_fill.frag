in vec4 vColor;
out vec4 fragColor;

void main() { fragColor = min(vColor, vec4(1.0)); }
