// Loading recordings (recording.hpp; the format is docs/recording-format.md): the file is
// read line by line, each line checked by the scene loader's JSON precheck and its shapes
// read by the scene loader's own shape reader (parseSceneShape), so a shape means in a
// recording exactly what it means in a scene, with the same messages.
#include "world/recording.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "base/file_name.hpp"
#include "base/printable.hpp"
#include "base/progress.hpp"
#include "document/file_reader.hpp"
#include "document/json_fields.hpp"
#include "document/json_path.hpp"
#include "document/json_scan.hpp"
#include "document/scene_fast_load.hpp"
#include "document/scene_load.hpp"
#include "document/scene_load_shape.hpp"

namespace satlab {
namespace {

// What the reader checks of a recording file before its lines are read.
const FileKind kRecordingFile{kMaxRecordingFileBytes, "1 GiB", "a recording"};

// Warnings kept in a result; the rest are counted in one last warning.
constexpr std::size_t kMaxRecordingWarnings = 100;

bool isBlank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

std::string sizeText(std::size_t bytes) { return std::to_string(bytes) + " bytes"; }

std::string limitText(const char* what, std::size_t count, std::size_t limit) {
  return std::string("too many ") + what + " (" + std::to_string(count) + "; the limit is " + std::to_string(limit) +
         ")";
}

// An error of one line: thrown inside the parser, turned into a SceneDiagnostic at its boundary.
struct LineError {
  std::string path, message;
  int column = 0;
};

struct ColorKey {
  std::uint32_t bits[4];
  bool operator==(const ColorKey& o) const { return std::memcmp(bits, o.bits, sizeof bits) == 0; }
};
struct ColorKeyHash {
  std::size_t operator()(const ColorKey& k) const {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits (folded where size_t is 32)
    for (std::uint32_t b : k.bits) h = (h ^ b) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
};

// Reads the lines of one recording in order; feed() each line, then finish().
class RecordingParser {
 public:
  RecordingParser(const std::string& source, RecordingLoadResult& result, bool fastPath = true)
      : source_(source), result_(result), fastPath_(fastPath) {
    options_.readMeshFiles = false;                   // a frame's meshes are refused before they are read
    staticOptions_.baseDirectory = folderOf(source);  // a static mesh's "file", as in a scene
  }

  // False once an error is set (then nothing more is read).
  bool feed(std::string_view line, int lineNumber) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (isBlank(line)) return true;
    if (headerRead_ && fastPath_ && fastFrame(line, lineNumber)) return true;
    try {
      const OrderedJson root = parseLine(line, lineNumber);
      if (!root.is_object()) {
        throw LineError{"(root)", "expected a JSON object on each line (got " + describeJson(root) + ")"};
      }
      if (!headerRead_) {
        readHeader(root, lineNumber);
      } else {
        readFrame(root, lineNumber);
      }
    } catch (const FieldError& e) {
      fail(lineNumber, e.path.empty() ? "(root)" : e.path, e.message);
    } catch (const LineError& e) {
      fail(lineNumber, e.path, e.message, e.column);
    }
    return !result_.error;
  }

  bool headerRead() const { return headerRead_; }

  void finish() {
    if (result_.error) return;
    Recording& rec = result_.recording;
    if (!headerRead_) return fail(0, "", "the file is empty");
    if (rec.frames.empty()) {
      return fail(0, "",
                  "no frames (after the header line, each line is one frame: {\"frame\": 0, \"time\": 0, "
                  "\"shapes\": [...]})");
    }
    // Every expectation names shapes that exist in some frame.
    for (std::size_t i = 0; i < rec.expect.size(); ++i) {
      const Expectation& e = rec.expect[i];
      for (const auto& [field, name] : {std::pair<const char*, const std::string*>{"a", &e.a}, {"b", &e.b}}) {
        if (!nameIndex_.count(*name)) {
          return fail(headerLine_, jsonPathIndex("expect", i) + "." + field,
                      "no shape is named \"" + printable(*name) + "\" in any frame");
        }
      }
    }
    if (numbers_.tiny > 0) {
      warn(tinyLine_, numbers_.tinyPath,
           printable(numbers_.tinyText) + " is below 1e-09, the smallest length satlab's tests resolve: read as 0 (" +
               std::to_string(numbers_.tiny) + " such values in this file; this is the first)");
    }
    if (numbers_.changed > 0) {
      warn(changedLine_, numbers_.changedPath,
           printable(numbers_.changedText) + " has more digits than a 32-bit float keeps (" +
               std::to_string(numbers_.changed) + " such values in this file; this is the first)");
    }
    if (droppedWarnings_ > 0) {
      result_.warnings.push_back(
          SceneDiagnostic{source_, "", 0, 0, std::to_string(droppedWarnings_) + " more warnings not shown"});
    }
    rec.shapes.shrink_to_fit();
    rec.frames.shrink_to_fit();
  }

 private:
  OrderedJson parseLine(std::string_view line, int lineNumber) {
    if (line.size() > kMaxRecordingLineBytes) {
      throw LineError{"", "line too long (" + sizeText(line.size()) + "; the limit is 16 MiB)"};
    }
    CheckedJson json = parseCheckedJson(line, source_);
    if (json.error) {
      // A syntax error carries a column of this line; the other problems a JSON path.
      const SceneDiagnostic& problem = *json.error;
      throw LineError{problem.path, problem.message, problem.line > 0 ? problem.column : 0};
    }
    (void)lineNumber;
    return std::move(json.root);
  }

  void readHeader(const OrderedJson& root, int lineNumber) {
    headerRead_ = true;
    headerLine_ = lineNumber;
    Recording& rec = result_.recording;
    const OrderedJson* version = findMember(root, "recording");
    if (!version) {
      throw LineError{
          "(root)", "the first line must be the recording header, {\"recording\": 2, ...} (docs/recording-format.md)"};
    }
    if (!version->is_number_integer() || version->get<long long>() < kOldestRecordingFormatVersion ||
        version->get<long long>() > kRecordingFormatVersion) {
      failAt("recording", "unsupported recording version " + printable(version->dump()) + " (this build reads " +
                              std::to_string(kOldestRecordingFormatVersion) + " to " +
                              std::to_string(kRecordingFormatVersion) + ")");
    }
    rec.version = version->get<int>();
    if (const OrderedJson* v = findMember(root, "title")) rec.title = readText(*v, "title", kMaxTitleBytes);
    if (const OrderedJson* v = findMember(root, "notes")) rec.notes = readText(*v, "notes", kMaxNotesBytes);
    if (const OrderedJson* v = findMember(root, "view")) rec.view = readViewMode(*v, "view");
    if (const OrderedJson* v = findMember(root, "expect")) readExpectations(*v, lineNumber);
    const bool v2 = rec.version >= 2;
    if (v2) {
      if (const OrderedJson* v = findMember(root, "engine")) rec.engine = readText(*v, "engine", kMaxTitleBytes);
      if (const OrderedJson* v = findMember(root, "tolerance")) {
        const float t = readFloat(*v, "tolerance");
        if (!(t >= 0.0f)) failAt("tolerance", "must be >= 0 (got " + printable(v->dump()) + ")");
        rec.tolerance = t;
      }
      if (const OrderedJson* v = findMember(root, "static")) readStatics(*v, lineNumber);
    }
    for (const auto& item : root.items()) {
      const std::string& key = item.key();
      if (key == "recording" || key == "title" || key == "notes" || key == "view" || key == "expect") continue;
      const bool newField = key == "engine" || key == "tolerance" || key == "static";
      if (v2 && newField) continue;
      warn(lineNumber, jsonPathKey("", key),
           key == "shapes" ? "a header holds no shapes (each frame line does), ignored"
           : newField      ? "needs \"recording\": 2, ignored"
                           : "unknown field, ignored");
    }
  }

  // The scene format's expectations, and "max_depth"; their names are checked against the
  // frames at the end.
  void readExpectations(const OrderedJson& list, int lineNumber) {
    requireArray(list, "expect");
    const bool v2 = result_.recording.version >= 2;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = jsonPathIndex("expect", i);
      const OrderedJson& v = list[i];
      requireObject(v, path);
      Expectation e;
      e.a = readName(requireMember(v, path, "a", "the first shape's name"), path + ".a");
      e.b = readName(requireMember(v, path, "b", "the second shape's name"), path + ".b");
      if (e.a == e.b) failAt(path + ".b", "a and b name the same shape");
      if (const OrderedJson* o = findMember(v, "overlap")) e.overlap = readBool(*o, path + ".overlap");
      if (const OrderedJson* s = findMember(v, "separating_axis")) {
        e.separatingAxis = readName(*s, path + ".separating_axis");
        if (e.overlap == true) failAt(path + ".separating_axis", "a separating axis contradicts \"overlap\": true");
      }
      if (const OrderedJson* d = v2 ? findMember(v, "max_depth") : nullptr)
        e.maxDepth = readMaxDepth(*d, path + ".max_depth", e);
      if (const OrderedJson* x = findMember(v, "exact")) e.exact = readBool(*x, path + ".exact");
      if (!e.overlap && !e.separatingAxis && !e.maxDepth && !e.exact)
        warn(lineNumber, path, "checks nothing (give overlap, separating_axis, max_depth and/or exact)");
      for (const auto& item : v.items()) {
        const std::string& key = item.key();
        if (key != "a" && key != "b" && key != "overlap" && key != "separating_axis" && key != "exact" &&
            !(v2 && key == "max_depth")) {
          warn(lineNumber, jsonPathKey(path, key),
               key == "max_depth" ? "needs \"recording\": 2, ignored" : "unknown field, ignored");
        }
      }
      result_.recording.expect.push_back(std::move(e));
    }
  }

  // The header's "static" list: shapes of every frame that never move, meshes included.
  void readStatics(const OrderedJson& list, int lineNumber) {
    requireArray(list, "static");
    if (list.size() > kMaxRecordingShapesPerFrame) {
      failAt("static", limitText("static shapes", list.size(), kMaxRecordingShapesPerFrame));
    }
    Recording& rec = result_.recording;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = jsonPathIndex("static", i);
      float margin = 0.0f;
      std::uint32_t group = kNoGroup;
      SceneShape shape = readShapeFields(list[i], path, staticOptions_, lineNumber, margin, group);
      const std::uint32_t name = nameFor(shape.name, path, kStaticFrame);
      if (shape.paletteColor) shape.color = paletteColor(name);
      shape.paletteColor = false;
      rec.statics.push_back(RecordedStatic{name, margin, group, std::move(shape)});
    }
  }

  // The fast path of a frame line (document/scene_fast_load.hpp): a line of plain JSON whose
  // shapes the fast path takes, that the reference reader below would read without a word,
  // read without a JSON tree. False, with nothing changed, for any other line, which the
  // reference reader then reads (and words whatever is wrong with it).
  bool fastFrame(std::string_view line, int lineNumber) {
    Recording& rec = result_.recording;
    std::size_t used = 0;
    if (line.size() > kMaxRecordingLineBytes || scanValue(line, used, nodes_) != ScanStatus::Ok) return false;
    for (std::size_t i = used; i < line.size(); ++i) {
      if (!isJsonSpace(line[i])) return false;
    }
    const std::vector<ScanNode>& n = nodes_;
    using Kind = ScanNode::Kind;
    if (n[0].kind != Kind::Object) return false;
    std::size_t frameAt = 0, timeAt = 0, shapesAt = 0;
    for (std::size_t c = 1; c < n[0].end; c = n[c].end) {
      if (n[c].key == "frame") {
        frameAt = c;
      } else if (n[c].key == "time") {
        timeAt = c;
      } else if (n[c].key == "shapes") {
        shapesAt = c;
      } else {
        return false;  // contacts, or a field the reference reader warns about
      }
    }
    if (!frameAt || !timeAt || !shapesAt) return false;
    const ScanNode& number = n[frameAt];
    if (number.kind != Kind::Number || !number.integer || number.text[0] == '-') return false;
    unsigned long long frameNumber = 0;
    const auto parsed = std::from_chars(number.text.data(), number.text.data() + number.text.size(), frameNumber);
    if (parsed.ec != std::errc() || frameNumber > 9007199254740992ull) return false;
    if (n[timeAt].kind != Kind::Number) return false;
    RecordedFrame frame;
    frame.number = static_cast<std::int64_t>(frameNumber);
    frame.time = n[timeAt].number;
    if (rec.frames.size() >= kMaxRecordingFrames) return false;
    if (!rec.frames.empty() && (frame.number <= rec.frames.back().number || frame.time < rec.frames.back().time)) {
      return false;
    }
    const ScanNode& list = n[shapesAt];
    if (list.kind != Kind::Array || list.size > kMaxRecordingShapesPerFrame ||
        rec.shapes.size() + list.size > kMaxRecordingShapes) {
      return false;
    }
    // Every shape read and checked before anything of the recording changes.
    const bool v2 = rec.version >= 2;
    staged_.resize(list.size);
    lineNames_.clear();
    lineGroups_.clear();
    std::size_t newNames = 0, newGroups = 0, k = 0;
    for (std::size_t c = shapesAt + 1; c < list.end; c = n[c].end, ++k) {
      Staged& st = staged_[k];
      const bool plain =
          v2 ? fastSceneShape(n, c, rec.view, st.shape, {"margin", "group"}) : fastSceneShape(n, c, rec.view, st.shape);
      if (!plain || st.shape.motion) return false;
      st.margin = 0.0f;
      st.group.clear();
      st.hasGroup = false;
      if (const std::size_t m = v2 ? scanMember(n, c, "margin") : 0) {
        if (n[m].kind != Kind::Number) return false;
        st.margin = static_cast<float>(n[m].number);
        if (!(st.margin >= 0.0f) || st.margin > kMaxSceneCoordinate) return false;
      }
      if (const std::size_t g = v2 ? scanMember(n, c, "group") : 0) {
        if (n[g].kind != Kind::String || shapeNameProblem(n[g].text)) return false;
        st.group.assign(n[g].text.data(), n[g].text.size());
        st.hasGroup = true;
        if (!groupIndex_.count(st.group) && lineGroups_.insert(n[g].text).second) ++newGroups;
      }
      if (!lineNames_.insert(n[scanMember(n, c, "name")].text).second) return false;
      const auto known = nameIndex_.find(st.shape.name);
      if (known == nameIndex_.end()) {
        ++newNames;
      } else if (lastFrameOf_[known->second] == kStaticFrame) {
        return false;
      }
    }
    if (rec.names.size() + newNames > kMaxRecordingNames || rec.groups.size() + newGroups > kMaxRecordingGroups) {
      return false;
    }
    // As readFrame and readShape keep them, in the same order.
    const std::uint32_t frameIndex = framesRead_;
    frame.firstShape = static_cast<std::uint32_t>(rec.shapes.size());
    frame.shapeCount = static_cast<std::uint32_t>(list.size);
    static const std::string kNoPath;
    for (std::size_t i = 0; i < list.size; ++i) {
      Staged& st = staged_[i];
      RecordedShape out;
      out.margin = st.margin;
      if (st.margin > 0.0f) rec.anyMargin = true;
      if (st.hasGroup) out.group = groupIndex(st.group, kNoPath);
      out.name = nameFor(st.shape.name, kNoPath, frameIndex);
      out.color = colorIndex(st.shape.paletteColor ? paletteColor(out.name) : st.shape.color);
      std::visit(
          [&](const auto& g) {
            using G = std::decay_t<decltype(g)>;
            if constexpr (!kIsMeshLike<G>) out.geometry = g;
          },
          st.shape.geometry);
      rec.shapes.push_back(out);
    }
    frame.firstContact = static_cast<std::uint32_t>(rec.contacts.size());
    if (numbers_.tiny > 0 && tinyLine_ == 0) tinyLine_ = lineNumber;
    if (numbers_.changed > 0 && changedLine_ == 0) changedLine_ = lineNumber;
    rec.frames.push_back(frame);
    ++framesRead_;
    return true;
  }

  void readFrame(const OrderedJson& root, int lineNumber) {
    Recording& rec = result_.recording;
    if (rec.frames.size() >= kMaxRecordingFrames) {
      throw LineError{"", limitText("frames", rec.frames.size() + 1, kMaxRecordingFrames)};
    }
    RecordedFrame frame;
    const OrderedJson& number = requireMember(root, "", "frame", "the engine's frame number, an integer");
    if (!number.is_number_integer() || (!number.is_number_unsigned() && number.get<long long>() < 0)) {
      failAt("frame", "expected a frame number, an integer >= 0 (got " + describeJson(number) + ")");
    }
    if (number.is_number_unsigned() && number.get<unsigned long long>() > 9007199254740992ull) {
      failAt("frame", "frame number " + number.dump() + " is too large (the limit is 2^53)");
    }
    frame.number = number.get<std::int64_t>();
    const OrderedJson& time = requireMember(root, "", "time", "the frame's time in seconds");
    if (!time.is_number() || !std::isfinite(time.get<double>())) {
      failAt("time", "expected the frame's time in seconds, a number (got " + describeJson(time) + ")");
    }
    frame.time = time.get<double>();
    if (!rec.frames.empty()) {
      const RecordedFrame& last = rec.frames.back();
      if (frame.number <= last.number) {
        failAt("frame", "frame numbers must increase (got " + std::to_string(frame.number) + " after " +
                            std::to_string(last.number) + ")");
      }
      if (frame.time < last.time) {
        failAt("time", "time must not go back (got " + printable(time.dump()) + " after frame " +
                           std::to_string(last.number) + "'s " + std::to_string(last.time) + ")");
      }
    }
    const OrderedJson& shapes = requireMember(root, "", "shapes", "the frame's shapes, may be []");
    requireArray(shapes, "shapes");
    if (shapes.size() > kMaxRecordingShapesPerFrame) {
      failAt("shapes", limitText("shapes in one frame", shapes.size(), kMaxRecordingShapesPerFrame));
    }
    if (rec.shapes.size() + shapes.size() > kMaxRecordingShapes) {
      failAt("shapes", limitText("shapes over all frames", rec.shapes.size() + shapes.size(), kMaxRecordingShapes));
    }
    // Names are marked with the count of frames read, not rec.frames.size(): a live view drops
    // its oldest frames from memory (world/live_recording.hpp), and a mark must never repeat.
    const std::uint32_t frameIndex = framesRead_;
    frame.firstShape = static_cast<std::uint32_t>(rec.shapes.size());
    frame.shapeCount = static_cast<std::uint32_t>(shapes.size());
    for (std::size_t i = 0; i < shapes.size(); ++i)
      readShape(shapes[i], jsonPathIndex("shapes", i), frameIndex, lineNumber);
    const bool v2 = rec.version >= 2;
    frame.firstContact = static_cast<std::uint32_t>(rec.contacts.size());
    if (const OrderedJson* contacts = v2 ? findMember(root, "contacts") : nullptr) {
      readContacts(*contacts, frameIndex, lineNumber);
      frame.hasContacts = true;
      frame.contactCount = static_cast<std::uint32_t>(rec.contacts.size() - frame.firstContact);
    }
    for (const auto& item : root.items()) {
      const std::string& key = item.key();
      if (key == "frame" || key == "time" || key == "shapes" || (v2 && key == "contacts")) continue;
      if (warnedFrameKeys_.insert(key).second) {
        warn(lineNumber, jsonPathKey("", key), "unknown field, ignored (said once for every frame)");
      }
    }
    if (numbers_.tiny > 0 && tinyLine_ == 0) tinyLine_ = lineNumber;
    if (numbers_.changed > 0 && changedLine_ == 0) changedLine_ = lineNumber;
    rec.frames.push_back(frame);
    ++framesRead_;
  }

  // A shape object of the scene format with the recording's own fields, "margin" and
  // "group", taken out first.
  SceneShape readShapeFields(const OrderedJson& v, const std::string& path, const SceneLoadOptions& options,
                             int lineNumber, float& margin, std::uint32_t& group) {
    const bool v2 = result_.recording.version >= 2;
    if (v.is_object() && v2) {
      if (const OrderedJson* m = findMember(v, "margin")) {
        margin = readFloat(*m, path + ".margin");
        if (!(margin >= 0.0f)) failAt(path + ".margin", "must be >= 0 (got " + printable(m->dump()) + ")");
        if (margin > kMaxSceneCoordinate) failAt(path + ".margin", "too large (got " + printable(m->dump()) + ")");
        if (margin > 0.0f) result_.recording.anyMargin = true;
      }
      if (const OrderedJson* g = findMember(v, "group")) group = groupIndex(readName(*g, path + ".group"), path);
    }
    shapeWarnings_.clear();
    SceneShape shape = parseSceneShape(v, path, result_.recording.view, source_, options, numbers_, shapeWarnings_);
    for (SceneDiagnostic& w : shapeWarnings_) {
      if (w.path == path + ".margin" || w.path == path + ".group") {
        if (v2) continue;
        w.message = "needs \"recording\": 2, ignored";
      }
      warn(lineNumber, w.path, std::move(w.message));
    }
    return shape;
  }

  // The name's index, a new one when it first appears; a name twice in one frame (or in
  // the static list, or in a frame and the static list) is an error.
  std::uint32_t nameFor(const std::string& text, const std::string& path, std::uint32_t frameIndex) {
    Recording& rec = result_.recording;
    auto [it, added] = nameIndex_.try_emplace(text, static_cast<std::uint32_t>(rec.names.size()));
    if (added) {
      if (rec.names.size() >= kMaxRecordingNames) {
        failAt(path + ".name", limitText("distinct shape names", rec.names.size() + 1, kMaxRecordingNames));
      }
      rec.names.push_back(text);
      lastFrameOf_.push_back(frameIndex);
    } else if (lastFrameOf_[it->second] == kStaticFrame) {
      failAt(path + ".name",
             "\"" + printable(text) + "\" is a static shape (the header's \"static\" list" +
                 (frameIndex == kStaticFrame ? " names it twice)" : "): it is in every frame already)"));
    } else if (lastFrameOf_[it->second] == frameIndex) {
      failAt(path + ".name", "duplicate name \"" + printable(text) + "\" in this frame (names must be unique)");
    }
    lastFrameOf_[it->second] = frameIndex;
    return it->second;
  }

  void readShape(const OrderedJson& v, const std::string& path, std::uint32_t frameIndex, int lineNumber) {
    Recording& rec = result_.recording;
    if (v.is_object()) {
      const OrderedJson* type = findMember(v, "type");
      if (type && type->is_string()) {
        const std::string& t = type->get_ref<const std::string&>();
        if (t == "mesh" || (t == "hull" && rec.version < 2)) {
          failAt(path + ".type",
                 rec.version < 2
                     ? t + " shapes are not supported in a version 1 recording (aabb, obb, sphere, segment, "
                           "capsule or triangle; version 2 adds hulls, and meshes in the header's "
                           "\"static\" list)"
                     : std::string("mesh shapes are not supported in a frame (a mesh that never moves goes "
                                   "in the header's \"static\" list)"));
        }
      }
      if (type && type->is_string() && type->get_ref<const std::string&>() == "hull" && findMember(v, "file")) {
        failAt(path + ".file",
               "a hull in a frame gives its points (a hull of a mesh file's vertices goes in the header's \"static\" "
               "list)");
      }
      if (findMember(v, "motion") && !warnedMotion_) {
        warnedMotion_ = true;
        warn(lineNumber, path + ".motion",
             "ignored: a recorded shape is where each frame puts it (said once for every shape)");
      }
    }
    RecordedShape out;
    SceneShape shape = readShapeFields(v, path, options_, lineNumber, out.margin, out.group);
    const std::uint32_t name = nameFor(shape.name, path, frameIndex);
    out.name = name;
    out.color = colorIndex(shape.paletteColor ? paletteColor(name) : shape.color);
    std::visit(
        [&](auto& g) {
          using G = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<G, HullShape>) {
            out.geometry = RecordedHull{static_cast<std::uint32_t>(rec.hulls.size())};
            rec.hulls.push_back(sharedHull(std::move(g)));
          } else if constexpr (!kIsMeshLike<G>) {
            out.geometry = g;
          }
        },
        shape.geometry);
    rec.shapes.push_back(out);
  }

  // The hull with its surface shared with an earlier hull of the same points: an engine
  // writes a body's hull in every frame, and its surface is built once.
  HullShape sharedHull(HullShape hull) {
    if (!hull.points) return hull;
    const std::vector<glm::vec3>& p = *hull.points;
    std::uint64_t h = 1469598103934665603ull;
    for (const glm::vec3& q : p) {
      std::uint32_t bits[3];
      std::memcpy(bits, &q[0], sizeof bits);
      for (std::uint32_t b : bits) h = (h ^ b) * 1099511628211ull;
    }
    auto& same = hullCache_[h];
    for (const HullShape& known : same) {
      if (known.points->size() == p.size() &&
          std::memcmp(known.points->data(), p.data(), p.size() * sizeof p[0]) == 0) {
        hull.points = known.points;
        hull.body.data = known.body.data;
        return hull;
      }
    }
    if (same.size() < 4) same.push_back(hull);
    return hull;
  }

  // A frame's "contacts": the engine's own verdicts.
  void readContacts(const OrderedJson& list, std::uint32_t frameIndex, int lineNumber) {
    requireArray(list, "contacts");
    if (list.size() > kMaxFrameContacts)
      failAt("contacts", limitText("contacts in one frame", list.size(), kMaxFrameContacts));
    Recording& rec = result_.recording;
    if (rec.contacts.size() + list.size() > kMaxRecordingContacts) {
      failAt("contacts",
             limitText("contacts over all frames", rec.contacts.size() + list.size(), kMaxRecordingContacts));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = jsonPathIndex("contacts", i);
      const OrderedJson& v = list[i];
      requireObject(v, path);
      EngineContact c;
      const auto nameIn = [&](const char* key) {
        const std::string p = path + "." + key;
        const std::string name = readName(requireMember(v, path, key, "a shape's name"), p);
        const auto it = nameIndex_.find(name);
        if (it == nameIndex_.end() ||
            (lastFrameOf_[it->second] != frameIndex && lastFrameOf_[it->second] != kStaticFrame)) {
          failAt(p, "no shape is named \"" + printable(name) + "\" in this frame or the static list");
        }
        return it->second;
      };
      c.a = nameIn("a");
      c.b = nameIn("b");
      if (c.a == c.b) failAt(path + ".b", "a and b name the same shape");
      c.touching =
          readBool(requireMember(v, path, "touching", "the engine's verdict, true or false"), path + ".touching");
      const OrderedJson* depth = findMember(v, "depth");
      const OrderedJson* distance = findMember(v, "distance");
      if (depth && distance) failAt(path + ".distance", "give depth (touching) or distance (apart), not both");
      if (depth && !c.touching) failAt(path + ".depth", "a depth needs \"touching\": true (give distance when apart)");
      if (distance && c.touching)
        failAt(path + ".distance", "a distance needs \"touching\": false (give depth when touching)");
      c.value = std::numeric_limits<float>::quiet_NaN();
      if (const OrderedJson* d = depth ? depth : distance) {
        const std::string p = path + (depth ? ".depth" : ".distance");
        c.value = readSize(*d, p, numbers_);
      }
      if (const OrderedJson* n = findMember(v, "normal")) {
        c.normal = readVec3(*n, path + ".normal", rec.view == ViewMode::TwoD, &numbers_);
        const float len = glm::length(c.normal);
        if (!(len > 0.5f && len < 1.5f))
          failAt(path + ".normal", "must be a unit vector (its length is " + std::to_string(len) + ")");
        c.normal /= len;
      }
      c.firstPoint = static_cast<std::uint32_t>(rec.contactPoints.size());
      if (const OrderedJson* pts = findMember(v, "points")) {
        requireArray(*pts, path + ".points");
        if (pts->size() > kMaxContactPoints) {
          failAt(path + ".points", limitText("points", pts->size(), kMaxContactPoints));
        }
        for (std::size_t k = 0; k < pts->size(); ++k)
          rec.contactPoints.push_back(
              readPoint((*pts)[k], jsonPathIndex(path + ".points", k), rec.view == ViewMode::TwoD, numbers_));
      }
      c.pointCount = static_cast<std::uint32_t>(rec.contactPoints.size() - c.firstPoint);
      for (const auto& item : v.items()) {
        const std::string& key = item.key();
        if (key != "a" && key != "b" && key != "touching" && key != "depth" && key != "distance" && key != "normal" &&
            key != "points" && warnedContactKeys_.insert(key).second) {
          warn(lineNumber, jsonPathKey(path, key), "unknown field, ignored (said once for every contact)");
        }
      }
      rec.contacts.push_back(c);
    }
  }

  std::uint32_t groupIndex(const std::string& name, const std::string& path) {
    Recording& rec = result_.recording;
    auto [it, added] = groupIndex_.try_emplace(name, static_cast<std::uint32_t>(rec.groups.size()));
    if (added) {
      if (rec.groups.size() >= kMaxRecordingGroups) {
        failAt(path + ".group", limitText("groups", rec.groups.size() + 1, kMaxRecordingGroups));
      }
      rec.groups.push_back(name);
    }
    return it->second;
  }

  std::uint32_t colorIndex(const glm::vec4& c) {
    ColorKey key{};
    std::memcpy(key.bits, &c[0], sizeof key.bits);
    auto [it, added] = colorIndex_.try_emplace(key, static_cast<std::uint32_t>(result_.recording.colors.size()));
    if (added) result_.recording.colors.push_back(c);
    return it->second;
  }

  void warn(int line, const std::string& path, std::string message) {
    if (result_.warnings.size() >= kMaxRecordingWarnings) {
      ++droppedWarnings_;
      return;
    }
    result_.warnings.push_back(SceneDiagnostic{source_, path, line, 0, std::move(message)});
  }

  void fail(int line, std::string path, std::string message, int column = 0) {
    result_.error = SceneDiagnostic{source_, std::move(path), line, column, std::move(message)};
  }

  const std::string& source_;
  RecordingLoadResult& result_;
  // lastFrameOf_'s mark for a static shape.
  static constexpr std::uint32_t kStaticFrame = 0xffffffffu;

  SceneLoadOptions options_, staticOptions_;
  bool headerRead_ = false;
  int headerLine_ = 0;
  NumberNotes numbers_;
  int tinyLine_ = 0, changedLine_ = 0;
  std::size_t droppedWarnings_ = 0;
  std::unordered_map<std::string, std::uint32_t> nameIndex_;
  std::vector<std::uint32_t> lastFrameOf_;  // per name: the last frame it appeared in
  std::uint32_t framesRead_ = 0;            // frames read so far, those dropped from memory too
  std::unordered_map<ColorKey, std::uint32_t, ColorKeyHash> colorIndex_;
  std::unordered_set<std::string> warnedFrameKeys_, warnedContactKeys_;
  std::unordered_map<std::string, std::uint32_t> groupIndex_;
  std::unordered_map<std::uint64_t, std::vector<HullShape>> hullCache_;
  bool warnedMotion_ = false;
  std::vector<SceneDiagnostic> shapeWarnings_;
  // The fast path's buffers, kept from line to line.
  struct Staged {
    SceneShape shape;
    float margin = 0.0f;
    std::string group;
    bool hasGroup = false;
  };
  bool fastPath_ = true;
  std::vector<ScanNode> nodes_;
  std::vector<Staged> staged_;
  std::unordered_set<std::string_view> lineNames_, lineGroups_;
};

RecordingLoadResult failure(const std::string& source, std::string message) {
  RecordingLoadResult r;
  r.error = SceneDiagnostic{source, "", 0, 0, std::move(message)};
  return r;
}

// Ends a failed load: the partial recording is dropped.
void clearOnError(RecordingLoadResult& r) {
  if (r.error) r.recording = Recording{};
}

RecordingLoadResult internalError(const std::string& source, const char* what) {
  return failure(source, std::string("internal error: ") + printable(what, 200));
}

}  // namespace

struct RecordingReader::Impl {
  explicit Impl(std::string source) : source(std::move(source)), parser(this->source, result) {}
  std::string source;
  RecordingLoadResult result;
  RecordingParser parser;
  int line = 0;
  bool finished = false;
};

RecordingReader::RecordingReader(std::string sourceName) : impl_(std::make_unique<Impl>(std::move(sourceName))) {}
RecordingReader::~RecordingReader() = default;

bool RecordingReader::feedLine(std::string_view line) {
  if (impl_->result.error || impl_->finished) return false;
  ++impl_->line;
  try {
    if (line.size() > kMaxRecordingLineBytes) {
      impl_->result.error = SceneDiagnostic{impl_->source, "", impl_->line, 0, "line too long (the limit is 16 MiB)"};
      return false;
    }
    return impl_->parser.feed(line, impl_->line);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    impl_->result.error =
        SceneDiagnostic{impl_->source, "", impl_->line, 0, std::string("internal error: ") + printable(e.what(), 200)};
    return false;
  }
}

bool RecordingReader::finish() {
  if (!impl_->finished && !impl_->result.error) {
    impl_->finished = true;
    impl_->parser.finish();
  }
  return !impl_->result.error;
}

bool RecordingReader::headerRead() const { return impl_->parser.headerRead(); }
int RecordingReader::linesRead() const { return impl_->line; }
const Recording& RecordingReader::recording() const { return impl_->result.recording; }
Recording& RecordingReader::recording() { return impl_->result.recording; }
const std::vector<SceneDiagnostic>& RecordingReader::warnings() const { return impl_->result.warnings; }
const std::optional<SceneDiagnostic>& RecordingReader::error() const { return impl_->result.error; }

namespace {

RecordingLoadResult parseRecordingText(std::string_view text, const std::string& sourceName, bool fastPath) {
  RecordingLoadResult result;
  try {
    if (text.size() > kMaxRecordingFileBytes) {
      return failure(sourceName, "file too large (" + sizeText(text.size()) + "; the limit is 1 GiB)");
    }
    RecordingParser parser(sourceName, result, fastPath);
    int lineNumber = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t end = text.find('\n', start);
      const std::size_t stop = end == std::string_view::npos ? text.size() : end;
      if (!parser.feed(text.substr(start, stop - start), ++lineNumber)) break;
      if (end == std::string_view::npos) break;
      start = end + 1;
    }
    parser.finish();
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    return internalError(sourceName, e.what());
  }
  clearOnError(result);
  return result;
}

}  // namespace

RecordingLoadResult parseRecording(std::string_view text, const std::string& sourceName) {
  return parseRecordingText(text, sourceName, true);
}

RecordingLoadResult parseRecordingWithReferenceReader(std::string_view text, const std::string& sourceName) {
  return parseRecordingText(text, sourceName, false);
}

RecordingLoadResult loadRecording(const std::string& path) { return loadRecordingInChunks(path, 1u << 20); }

RecordingLoadResult loadRecordingInChunks(const std::string& path, std::size_t chunkBytes) {
  RecordingLoadResult result;
  struct stat st {};
  const std::uint64_t size = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? std::uint64_t(st.st_size) : 0;
  progressStage("Opening %s", fileNameOf(path), size, ProgressUnit::Bytes);
  try {
    RecordingParser parser(path, result);
    std::string pending;  // the start of a line that continues in the next chunk
    int lineNumber = 0;
    bool going = true;
    auto take = [&](std::string_view chunk) {
      while (going) {
        const std::size_t nl = chunk.find('\n');
        if (nl == std::string_view::npos) {
          if (pending.size() + chunk.size() > kMaxRecordingLineBytes) {
            result.error = SceneDiagnostic{path, "", lineNumber + 1, 0, "line too long (the limit is 16 MiB)"};
            going = false;
            break;
          }
          pending.append(chunk);
          break;
        }
        if (pending.empty()) {
          going = parser.feed(chunk.substr(0, nl), ++lineNumber);
        } else {
          pending.append(chunk.substr(0, nl));
          going = parser.feed(pending, ++lineNumber);
          pending.clear();
        }
        chunk.remove_prefix(nl + 1);
      }
      return going;
    };
    if (auto error = readFileInChunks(path, kRecordingFile, chunkBytes, take)) {
      RecordingLoadResult r;
      r.error = std::move(error);
      return r;
    }
    if (going && !pending.empty()) parser.feed(pending, ++lineNumber);
    parser.finish();
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    return internalError(path, e.what());
  }
  clearOnError(result);
  return result;
}

bool loadRecording(const std::string& path, Recording& out, SceneDiagnostic& error) {
  RecordingLoadResult r = loadRecording(path);
  if (r.error) {
    error = std::move(*r.error);
    return false;
  }
  out = std::move(r.recording);
  return true;
}

bool hasRecordingExtension(std::string_view path) {
  if (path.size() < 6) return false;
  std::string_view ext = path.substr(path.size() - 6);
  const char* want = ".jsonl";
  for (std::size_t i = 0; i < 6; ++i) {
    const char c = ext[i] >= 'A' && ext[i] <= 'Z' ? static_cast<char>(ext[i] - 'A' + 'a') : ext[i];
    if (c != want[i]) return false;
  }
  return true;
}

bool looksLikeRecording(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string_view line = text.substr(start, end == std::string_view::npos ? text.npos : end - start);
    if (!isBlank(line)) {
      if (line.size() > kMaxRecordingLineBytes) return false;
      const CheckedJson json = parseCheckedJson(line, "");
      return !json.error && json.root.is_object() && json.root.contains("recording") && !json.root.contains("shapes");
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

bool isRecordingFile(const std::string& path) {
  if (hasRecordingExtension(path)) return true;
  try {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) return false;
    // The first line only; a scene's first line is "{" alone, or a whole one-line scene.
    std::string head;
    char buf[4096];
    while (head.size() <= kMaxRecordingLineBytes) {
      const std::size_t got = std::fread(buf, 1, sizeof buf, file.get());
      if (got == 0) break;
      head.append(buf, got);
      const std::size_t firstText = head.find_first_not_of(" \t\r\n");
      if (firstText != std::string::npos && head.find('\n', firstText) != std::string::npos) break;
    }
    return looksLikeRecording(head);
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace satlab
