// A C++ program outside satlab that records with satlab::Recorder (<satlab/record.hpp>)
// into the file named by its argument: a static hull, and a box and a capsule in two
// frames. Exit code 0 when the file holds the header and two frame lines as expected.
#include <satlab/record.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  {
    satlab::Recorder rec(argv[1], "C++ consumer");
    rec.setTolerance(0.001f);
    rec.expect("box", "rock", false);
    const float rock[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    rec.hull({"rock"}, rock, 4, {3, 0, 0});
    for (int frame = 10; frame < 12; ++frame) {
      rec.beginFrame(frame, frame / 60.0);
      rec.obb({"box", "crates", 0.04f}, {0, 0, float(frame)}, {0.5f, 0.5f, 0.5f}, {1, 0, 0, 0});
      rec.capsule({"pill"}, {-1, 0, 0}, {-1, 0, 1}, 0.25f);
      rec.endFrame();
    }
    if (!rec.close()) {
      std::printf("recording failed: %s\n", rec.error());
      return 1;
    }
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  const std::string expected =
      R"({"recording": 2, "title": "C++ consumer", "tolerance": 0.00100000005, )"
      R"("expect": [{"a": "box", "b": "rock", "overlap": false}], )"
      R"("static": [{"name": "rock", "type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], )"
      R"("center": [3, 0, 0], "quaternion": [1, 0, 0, 0]}]})"
      "\n"
      R"({"frame": 10, "time": 0.166666667, "shapes": [{"name": "box", "type": "obb", "center": [0, 0, 10], )"
      R"("half_extents": [0.5, 0.5, 0.5], "quaternion": [1, 0, 0, 0], "margin": 0.0399999991, "group": "crates"}, )"
      R"({"name": "pill", "type": "capsule", "p0": [-1, 0, 0], "p1": [-1, 0, 1], "radius": 0.25}]})"
      "\n"
      R"({"frame": 11, "time": 0.183333333, "shapes": [{"name": "box", "type": "obb", "center": [0, 0, 11], )"
      R"("half_extents": [0.5, 0.5, 0.5], "quaternion": [1, 0, 0, 0], "margin": 0.0399999991, "group": "crates"}, )"
      R"({"name": "pill", "type": "capsule", "p0": [-1, 0, 0], "p1": [-1, 0, 1], "radius": 0.25}]})"
      "\n";
  if (text.str() != expected) {
    std::printf("wrong recording:\n%s\nexpected:\n%s\n", text.str().c_str(), expected.c_str());
    return 1;
  }
  std::printf("satlab record consumer (C++): two frames recorded as expected\n");
  return 0;
}
