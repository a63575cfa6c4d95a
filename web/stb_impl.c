/* The implementation of Debian's stb_image_write.h for the browser build (on the desktop
 * it comes compiled in Debian's libstb). */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
