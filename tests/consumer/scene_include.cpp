// Built by check_consumer.cmake, which expects this to fail: the scene layer is not part
// of satlab::collide, so its headers are not on a core user's include path.
#include "document/scene.hpp"

int main() { return 0; }
