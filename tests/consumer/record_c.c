/* A C program outside satlab that records two frames with satlab::record's C API
 * (<satlab/record.h>) into the file named by its argument, then reads the file back and
 * compares it with the text it must be. Exit code 0 when it is. */
#include <satlab/record.h>
#include <stdio.h>
#include <string.h>

static const char kExpected[] =
    "{\"recording\": 2, \"title\": \"C consumer\", \"engine\": \"plain C\", \"static\": ["
    "{\"name\": \"floor\", \"type\": \"aabb\", \"center\": [0, 0, -0.5], \"half_extents\": [4, 4, 0.5]}]}\n"
    "{\"frame\": 0, \"time\": 0, \"shapes\": [{\"name\": \"ball\", \"type\": \"sphere\", \"center\": [0, 0, 2], "
    "\"radius\": 0.5, \"margin\": 0.25}]}\n"
    "{\"frame\": 1, \"time\": 0.5, \"shapes\": [{\"name\": \"ball\", \"type\": \"sphere\", \"center\": [0, 0, 0.5], "
    "\"radius\": 0.5, \"margin\": 0.25}], \"contacts\": [{\"a\": \"ball\", \"b\": \"floor\", \"touching\": true, "
    "\"depth\": 0.25, \"normal\": [0, 0, -1], \"points\": [[0, 0, 0]]}]}\n";

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  satlab_recorder* r = satlab_record_open(argv[1], "C consumer");
  const satlab_shape_info floor_info = {"floor", NULL, 0.0f, NULL};
  const satlab_shape_info ball = {"ball", NULL, 0.25f, NULL};
  const float floor_center[3] = {0, 0, -0.5f}, floor_half[3] = {4, 4, 0.5f};
  const float down[3] = {0, 0, -1}, point[3] = {0, 0, 0};
  int frame;
  satlab_record_set_engine(r, "plain C");
  satlab_record_aabb(r, &floor_info, floor_center, floor_half);
  for (frame = 0; frame < 2; ++frame) {
    const float center[3] = {0, 0, frame == 0 ? 2.0f : 0.5f};
    satlab_record_begin_frame(r, frame, frame * 0.5);
    satlab_record_sphere(r, &ball, center, 0.5f);
    if (frame == 1) satlab_record_contact(r, "ball", "floor", 1, 0.25f, down, point, 1);
    satlab_record_end_frame(r);
  }
  if (satlab_record_finish(r) != SATLAB_RECORD_OK) {
    printf("recording failed: %s\n", satlab_record_error(r));
    satlab_record_close(r);
    return 1;
  }
  satlab_record_close(r);

  {
    static char text[4096];
    FILE* in = fopen(argv[1], "rb");
    size_t n = in ? fread(text, 1, sizeof text - 1, in) : 0;
    if (in) fclose(in);
    text[n] = '\0';
    if (strcmp(text, kExpected) != 0) {
      printf("wrong recording:\n%s\nexpected:\n%s\n", text, kExpected);
      return 1;
    }
  }
  printf("satlab record consumer (C): two frames recorded as expected\n");
  return 0;
}
