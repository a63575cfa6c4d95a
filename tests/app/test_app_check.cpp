// `satlab check`: the headless twin of the GUI, as a user (or their CI) runs it.
#include "app_harness.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

namespace satlab::test {
namespace {

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY";

std::string writeScene(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + "/" + name) << text;
  return name;
}

// A scene a new user writes by hand: a box, a tilted box touching it, a ball away from
// both, and a segment shot through the first box.
constexpr const char* kHandMade = R"({
  "version": 1,
  "title": "hand-made",
  "shapes": [
    {"name": "crate", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "plank", "type": "obb", "center": [2.4, 0, 0], "half_extents": [1.5, 0.2, 0.5], "euler_deg": [0, 0, 30]},
    {"name": "ball", "type": "sphere", "center": [0, 4, 0], "radius": 1},
    {"name": "shot", "type": "segment", "p0": [-4, 0.5, 0.5], "p1": [4, 0.5, 0.5]}
  ]
})";

TEST(AppCheck, HandMadeSceneAsJson) {
  const std::string dir = makeTempDir();
  writeScene(dir, "hand.json", kHandMade);
  const RunResult r = runSatlab("check hand.json --json --all-pairs 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  const auto& pairs = j.at("pairs");
  ASSERT_EQ(pairs.size(), 6u);  // 4 shapes: every pair once, in file order
  const char* order[6][2] = {{"crate", "plank"}, {"crate", "ball"}, {"crate", "shot"},
                             {"plank", "ball"},  {"plank", "shot"}, {"ball", "shot"}};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(pairs[i].at("a"), order[i][0]) << i;
    EXPECT_EQ(pairs[i].at("b"), order[i][1]) << i;
  }
  EXPECT_EQ(j.at("listed"), "all");
  EXPECT_EQ(j.at("summary").at("pairs"), 6);
  EXPECT_EQ(j.at("summary").at("overlapping"), 2);
  EXPECT_EQ(j.at("summary").at("separated"), 4);

  auto find = [&](const std::string& a, const std::string& b) {
    for (const auto& p : pairs) {
      if (p.at("a") == a && p.at("b") == b) return p;
    }
    ADD_FAILURE() << "no pair " << a << "/" << b;
    return nlohmann::json();
  };
  // crate spans x in [-1, 1]; the plank's corner at 30 degrees reaches x = 2.4 - 1.5 cos30
  // - 0.2 sin30 = 1.001 — just clear of the crate, so X (A0) separates.
  const auto cp = find("crate", "plank");
  EXPECT_EQ(cp.at("test"), "sat_aabb_obb");
  EXPECT_FALSE(cp.at("overlap").get<bool>());
  EXPECT_EQ(cp.at("separating_axis").at("label"), "A0");
  EXPECT_NEAR(cp.at("separating_axis").at("axis")[0].get<double>(), 1.0, 1e-6);
  // The gap along X: 2.4 - 1.5 cos 30 - 0.2 sin 30 - 1.
  EXPECT_NEAR(cp.at("separating_axis").at("gap").get<double>(), 1.4 - 0.75 * std::sqrt(3.0) - 0.1, 1e-5);

  const auto cb = find("crate", "ball");
  EXPECT_EQ(cb.at("test"), "arvo_sphere_aabb");
  EXPECT_FALSE(cb.at("overlap").get<bool>());
  EXPECT_NEAR(cb.at("distance").get<double>(), 2.0, 1e-5);  // ball surface at y = 3, crate top face at y = 1

  const auto cs = find("crate", "shot");
  EXPECT_TRUE(cs.at("overlap").get<bool>());
  EXPECT_NEAR(cs.at("t_enter").get<double>(), 3.0 / 8.0, 1e-6);  // x = -1 at t = 3/8
  EXPECT_NEAR(cs.at("t_exit").get<double>(), 5.0 / 8.0, 1e-6);

  // The shot grazes the plank's top face (z = 0.5; touching counts) where |local y| <= 0.2:
  // x from 2.4 + (0.433 - 0.2) / 0.5 to 2.4 + (0.433 + 0.2) / 0.5, so t = (x + 4) / 8.
  const auto ps = find("plank", "shot");
  EXPECT_EQ(ps.at("test"), "slab_segment_obb");
  EXPECT_TRUE(ps.at("overlap").get<bool>());
  EXPECT_NEAR(ps.at("t_enter").get<double>(), (2.4 + (0.25 * std::sqrt(3.0) - 0.2) / 0.5 + 4.0) / 8.0, 1e-5);
  EXPECT_NEAR(ps.at("t_exit").get<double>(), (2.4 + (0.25 * std::sqrt(3.0) + 0.2) / 0.5 + 4.0) / 8.0, 1e-5);

  const auto bs = find("ball", "shot");
  EXPECT_FALSE(bs.at("overlap").get<bool>());
  EXPECT_TRUE(bs.at("t_enter").is_null());
  EXPECT_TRUE(bs.at("t_exit").is_null());
}

TEST(AppCheck, ByDefaultOverlappingPairsAreListedAndSeparatedOnesCounted) {
  const std::string dir = makeTempDir();
  writeScene(dir, "hand.json", kHandMade);
  const RunResult r = runSatlab("check hand.json --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j.at("listed"), "overlapping");
  const auto& pairs = j.at("pairs");
  ASSERT_EQ(pairs.size(), 2u) << r.output;
  EXPECT_EQ(pairs[0].at("a"), "crate");  // file order
  EXPECT_EQ(pairs[0].at("b"), "shot");
  EXPECT_EQ(pairs[1].at("a"), "plank");
  EXPECT_EQ(pairs[1].at("b"), "shot");
  const auto& sum = j.at("summary");
  EXPECT_EQ(sum.at("pairs"), 6);
  EXPECT_EQ(sum.at("overlapping"), 2);
  EXPECT_EQ(sum.at("separated"), 4);
  EXPECT_EQ(sum.at("separated_by_bounds").get<int>() + sum.at("separated_by_test").get<int>(), 4);
}

TEST(AppCheck, ReadableTableWithoutADisplay) {
  const std::string dir = makeTempDir();
  writeScene(dir, "hand.json", kHandMade);
  const RunResult r = runSatlab("check hand.json", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("4 shapes, 6 pairs"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("t in [0.375, 0.625]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("2 overlapping, 4 separated ("), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--all-pairs lists every pair"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("separating axis A0"), std::string::npos) << r.output;  // separated: counted only

  const RunResult all = runSatlab("check hand.json --all-pairs", kNoDisplay, dir);
  ASSERT_EQ(all.exitCode, 0) << all.output;
  EXPECT_NE(all.output.find("separating axis A0, gap 0.000962"), std::string::npos) << all.output;
  EXPECT_NE(all.output.find("distance 2"), std::string::npos) << all.output;
  EXPECT_NE(all.output.find("2 overlapping, 4 separated ("), std::string::npos) << all.output;
}

TEST(AppCheck, NumbersWithoutTheEpsilonAndPenetrationForEveryOverlappingPairThatHasOne) {
  const std::string dir = makeTempDir();
  writeScene(dir, "deep.json", R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]},
    {"name":"p","type":"sphere","center":[10,0,0],"radius":1},
    {"name":"q","type":"sphere","center":[11.5,0,0],"radius":1}]})");
  const RunResult r = runSatlab("check deep.json --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j.at("pairs").size(), 2u) << r.output;
  EXPECT_EQ(j["pairs"][0].at("penetration").at("depth").get<double>(), 2.0);  // not 2.000003
  EXPECT_EQ(j["pairs"][1].at("penetration").at("depth").get<double>(), 0.5);
  const RunResult t = runSatlab("check deep.json", kNoDisplay, dir);
  EXPECT_NE(t.output.find("penetration A0 depth 2\n"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("penetration centres depth 0.5"), std::string::npos) << t.output;
}

/// Every number finite, and null only where it means "none" (no axis, no t-interval).
void expectNoNonFiniteOrNullNumbers(const nlohmann::json& j, const std::string& key = "") {
  if (j.is_null()) {
    EXPECT_TRUE(key == "separating_axis" || key == "penetration" || key == "t_enter" || key == "t_exit")
        << "null at " << key;
  } else if (j.is_number()) {
    EXPECT_TRUE(std::isfinite(j.get<double>())) << key;
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) expectNoNonFiniteOrNullNumbers(it.value(), it.key());
  } else if (j.is_array()) {
    for (const auto& v : j) expectNoNonFiniteOrNullNumbers(v, key);
  }
}

TEST(AppCheck, ExtremeNumbersNeverPrintNanOrInfinity) {
  // At both ends of the range the loader accepts: huge spheres far apart, tiny ones close,
  // parallel segments a hair apart, boxes at the largest coordinates.
  const std::string dir = makeTempDir();
  writeScene(dir, "edge.json", R"({"version":1,"shapes":[
    {"name":"s1","type":"sphere","center":[-1e9,0,0],"radius":1e8},
    {"name":"s2","type":"sphere","center":[1e9,0,0],"radius":1e8},
    {"name":"t1","type":"sphere","center":[0,0,0],"radius":1e-9},
    {"name":"t2","type":"sphere","center":[1e-8,0,0],"radius":1e-9},
    {"name":"g1","type":"segment","p0":[-1,5,0],"p1":[1,5,0]},
    {"name":"g2","type":"segment","p0":[-1,5.000000001,0],"p1":[1,5.000000001,0]},
    {"name":"b1","type":"aabb","center":[1e9,1e9,1e9],"half_extents":[1e9,1e9,1e9]},
    {"name":"b2","type":"obb","center":[-1e9,1e9,-1e9],"half_extents":[1e9,1e-9,1e9],"euler_deg":[10,20,30]},
    {"name":"g3","type":"segment","p0":[-1e9,-1e9,-1e9],"p1":[1e9,1e9,1e9]}]})");
  for (const char* flags : {"--json --all-pairs", "--all-pairs", "--json", ""}) {
    const RunResult r = runSatlab(std::string("check edge.json ") + flags + " 2>/dev/null; exit $?", kNoDisplay, dir);
    ASSERT_EQ(r.exitCode, 0) << flags << ": " << r.output;
    for (const char* bad : {"nan", "NaN", "inf", "Inf"}) {
      EXPECT_EQ(r.output.find(bad), std::string::npos) << flags << ": " << bad << " in\n" << r.output;
    }
    if (std::string(flags).find("--json") != std::string::npos) {
      const nlohmann::json j = nlohmann::json::parse(r.output);
      expectNoNonFiniteOrNullNumbers(j);
    }
  }
}

TEST(AppCheck, ControlCharactersInTitleAndPathAreEscaped) {
  // A title (and a file name) with ANSI escapes would clear the terminal if printed raw.
  const std::string dir = makeTempDir();
  writeScene(dir, "ansi\x1b[2J.json", R"({"version":1,"title":"evil \u001b[2J\u0007 title","shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[0.5,0,0],"half_extents":[1,1,1]}],
    "expect":[{"a":"a","b":"b","overlap":false}]})");
  const RunResult r = runSatlab("check \"$(printf 'ansi\\033[2J.json')\"", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find('\x07'), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("evil \\x1b[2J\\x07 title"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ansi\\x1b[2J.json: expectation 1 failed"), std::string::npos) << r.output;
  // JSON keeps the text, escaped by the JSON writer.
  const RunResult j = runSatlab("check \"$(printf 'ansi\\033[2J.json')\" --json 2>/dev/null; exit $?", kNoDisplay, dir);
  EXPECT_EQ(j.output.find('\x1b'), std::string::npos) << j.output;
  EXPECT_EQ(nlohmann::json::parse(j.output).at("title"), "evil \x1b[2J\x07 title");
}

TEST(AppCheck, InvalidSceneExits2WithFileFieldAndReason) {
  const std::string dir = makeTempDir();
  writeScene(dir, "bad.json",
             R"({"version":1,"shapes":[{"name":"x","type":"aabb","center":[0,0,0],"half_extents":[1,-2,1]}]})");
  const RunResult r = runSatlab("check bad.json", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("bad.json: shapes[0].half_extents[1]"), std::string::npos) << r.output;

  const RunResult missing = runSatlab("check nowhere.json", kNoDisplay, dir);
  EXPECT_EQ(missing.exitCode, 2) << missing.output;
  EXPECT_NE(missing.output.find("nowhere.json"), std::string::npos) << missing.output;

  const RunResult noArg = runSatlab("check", kNoDisplay, dir);
  EXPECT_EQ(noArg.exitCode, 2) << noArg.output;
}

TEST(AppCheck, UnmetExpectationsExit1AndNameEveryPair) {
  const std::string dir = makeTempDir();
  writeScene(dir, "exp.json", R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[3,0,0],"half_extents":[1,1,1]},
    {"name":"c","type":"sphere","center":[0,0,0],"radius":0.5}],
    "expect":[{"a":"a","b":"b","overlap":true},{"a":"a","b":"c","overlap":true},{"a":"b","b":"c","overlap":true}]})");
  const RunResult r = runSatlab("check exp.json", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("a / b: expected overlap, got separated on A0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("b / c: expected overlap"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("a / c:"), std::string::npos) << r.output;  // met
  EXPECT_NE(r.output.find("expectations: 1 of 3 met"), std::string::npos) << r.output;
}

TEST(AppCheck, ShippedScenesPassTheirChecks) {
  for (const char* scene : {"scenes/default.json", "scenes/examples/mixed.json", "scenes/examples/two_boxes.json",
                            "scenes/examples/whiteboard_2d.json"}) {
    const RunResult r = runSatlab(std::string("check '") + sourcePath(scene) + "' --json", kNoDisplay);
    EXPECT_EQ(r.exitCode, 0) << scene << ": " << r.output;
  }
}

/// A scene of n shapes written by `shape(i, out)` (one JSON object each).
std::string writeBigScene(const std::string& dir, const std::string& name, size_t n,
                          const std::function<void(size_t, std::ostream&)>& shape) {
  std::ofstream out(dir + "/" + name);
  out << R"({"version":1,"shapes":[)";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out << ",\n";
    shape(i, out);
  }
  out << "]}\n";
  return name;
}

/// 100,000 shapes spread out on a lattice 3 apart, sizes below 1.1: few overlap.
void spreadShape(size_t i, std::ostream& out) {
  const double x = static_cast<double>(i % 47) * 3.0, y = static_cast<double>((i / 47) % 47) * 3.0,
               z = static_cast<double>(i / (47 * 47)) * 3.0;
  const char* kinds[] = {"aabb", "obb", "sphere", "segment"};
  const char* kind = kinds[(i * 7) % 4];
  out << R"({"name":"s)" << i << R"(","type":")" << kind << '"';
  if (std::string(kind) == "segment") {
    out << R"(,"p0":[)" << x << ',' << y << ',' << z << R"(],"p1":[)" << x + 1 << ',' << y + 0.5 << ',' << z << "]}";
  } else if (std::string(kind) == "sphere") {
    out << R"(,"center":[)" << x << ',' << y << ',' << z << R"(],"radius":)" << 0.5 + 0.1 * static_cast<double>(i % 7)
        << '}';
  } else {
    out << R"(,"center":[)" << x << ',' << y << ',' << z << R"(],"half_extents":[0.9,0.6,1.05])"
        << (std::string(kind) == "obb" ? R"(,"euler_deg":[10,20,30])" : "") << '}';
  }
}

/// An environment prefix that runs satlab under an address-space limit (ulimit -v, in KB).
std::string memoryLimit(long kb) {
  return "env -u DISPLAY -u WAYLAND_DISPLAY sh -c 'ulimit -v " + std::to_string(kb) + "; exec \"$0\" \"$@\"'";
}

std::string readFile(const std::string& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

double secondsOf(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(AppCheck, LargeScenesStreamInBoundedMemory) {
  // The shipped 10,000-shape scene needed 12.9 GB when every pair's result was stored
  // first; 100,000 shapes threw std::bad_alloc. Under a 1 GB address-space limit both
  // now finish (docs/performance.md has the measured time and memory).
  const std::string dir = makeTempDir();
  writeBigScene(dir, "spread.json", 100000, spreadShape);
  const std::string limit = memoryLimit(1000000);
  const RunResult stress = runSatlab(
      "check '" + sourcePath("scenes/stress/stress_10000.json") + "' 2>err.txt >out.txt; exit $?", limit, dir);
  EXPECT_EQ(stress.exitCode, 0) << readFile(dir + "/err.txt");
  const std::string text = readFile(dir + "/out.txt");
  EXPECT_NE(text.find("10000 shapes, 49995000 pairs"), std::string::npos) << text.substr(0, 2000);
  EXPECT_LT(text.size(), 100000u);  // overlapping pairs listed, 49,995,000 separated ones counted

  const RunResult spread = runSatlab("check spread.json --json 2>err.txt >out.json; exit $?", limit, dir);
  ASSERT_EQ(spread.exitCode, 0) << readFile(dir + "/err.txt");
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(dir + "/out.json"));
  EXPECT_EQ(j.at("summary").at("pairs").get<std::uint64_t>(), 4999950000ull);
  EXPECT_EQ(j.at("summary").at("overlapping").get<std::uint64_t>(), j.at("pairs").size());
  EXPECT_GT(j.at("summary").at("separated_by_bounds").get<std::uint64_t>(), 4999000000ull);
}

TEST(AppCheck, OutOfMemoryIsOneLineAndExit2) {
  // The smallest address-space limit (in steps of 16 MB) under which a tiny scene checks,
  // then the 100,000-shape scene under it: its JSON alone needs well over 100 MB more.
  // Allocation fails somewhere in loading; the answer is one line and exit code 2, never
  // std::terminate (abort, exit code 134).
  const std::string dir = makeTempDir();
  writeScene(dir, "tiny.json", kHandMade);
  writeBigScene(dir, "spread.json", 100000, spreadShape);
  long limitKb = 0;
  for (long kb = 32768; kb <= 1048576; kb += 16384) {
    if (runSatlab("check tiny.json >/dev/null", memoryLimit(kb), dir).exitCode == 0) {
      limitKb = kb + 16384;
      break;
    }
  }
  ASSERT_GT(limitKb, 0);
  for (const char* flags : {"", " --json"}) {
    const RunResult r = runSatlab(std::string("check spread.json") + flags + " 2>err.txt >/dev/null; exit $?",
                                  memoryLimit(limitKb), dir);
    const std::string err = readFile(dir + "/err.txt");
    EXPECT_EQ(r.exitCode, 2) << "limit " << limitKb << " KB: " << err << r.output;
    EXPECT_NE(err.find("satlab: out of memory while checking spread.json\n"), std::string::npos) << err;
    EXPECT_EQ(err.find("terminate"), std::string::npos) << err;
  }
}

TEST(AppCheck, GuiWithAHundredThousandIdenticalSpheresStaysBounded) {
  // 99,999 identical spheres overlap pairwise: 5 billion overlapping pairs. The pairs
  // panel lists the first 100,000, says how many candidate pairs were not tested, and the
  // app renders its frames and exits (it grew to 16 GB and aborted). The spheres are small
  // on screen (a box far away sets the framing): drawn under software OpenGL, 100,000
  // screen-filling spheres would measure the rasteriser, not the pairs.
  const std::string dir = makeTempDir();
  writeBigScene(dir, "same.json", 100000, [](size_t i, std::ostream& out) {
    if (i + 1 == 100000) {
      out << R"({"name":"far","type":"aabb","center":[50,0,0],"half_extents":[1,1,1]})";
    } else {
      out << R"({"name":"s_)" << i << R"(","type":"sphere","center":[0,0,0],"radius":0.01})";
    }
  });
  RunResult r;
  const double seconds = secondsOf([&] {
    r = runSatlab("same.json --frames 3 --screenshot same.png", "sh -c 'ulimit -v 2000000; exec \"$0\" \"$@\"'", dir);
  });
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(loadPng(dir + "/same.png").ok());
  EXPECT_LT(seconds, 120.0);  // about 3 s on the 2-core build machine
}

}  // namespace
}  // namespace satlab::test
