// Frames recorded from an engine: a JSON-lines file (.jsonl), one header line and then one
// scene snapshot per line (docs/recording-format.md). This is how a collision bug from a
// running game gets into satlab: the engine writes its colliders every frame, satlab
// replays them, marks the frames where a pair's verdict flips and finds the first frame
// that breaks an expectation. Plain data, no GL.
//
// Storage: each shape name is kept once (Recording::names); a frame is a run of compact
// RecordedShape values (a name index, a colour index and the geometry) in one array for
// the whole recording, so memory grows with the input (about 72 bytes per shape per frame,
// against 60 or more bytes of JSON text for the same shape).
//
// Shapes may come and go: a name absent from a frame has no shape in that frame (it is not
// an error), a name may first appear in any frame, and it may change its type between
// frames. Names are unique within a frame.
//
// Untrusted input, like a scene file: the loader never throws (but std::bad_alloc) and never
// crashes; it stops at the first error, which names the file, the line, the JSON path and
// the reason ("rec.jsonl: line 57: shapes[3].radius: must be >= 0 (got -2)").
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "document/hull_shape.hpp"
#include "document/scene.hpp"
#include "document/scene_diagnostic.hpp"
#include "satlab/collide/results.hpp"

namespace satlab {

/// The newest recording format version this build reads and writes (the header's
/// "recording" field); every version from kOldestRecordingFormatVersion on still reads.
inline constexpr int kRecordingFormatVersion = 2;
inline constexpr int kOldestRecordingFormatVersion = 1;

/// Limits (docs/recording-format.md, "Limits"). The file is read line by line, so a long
/// file never sits in memory as text; what is kept is the compact frames.
inline constexpr std::size_t kMaxRecordingFileBytes = 1024u * 1024u * 1024u;  ///< 1 GiB
/// Longest line (one frame).
inline constexpr std::size_t kMaxRecordingLineBytes = 16u * 1024u * 1024u;
inline constexpr std::size_t kMaxRecordingFrames = 1000000;
/// Most shapes in one frame, and in the header's static list.
inline constexpr std::size_t kMaxRecordingShapesPerFrame = 100000;
/// Most shapes over all frames together (about 720 MB of frames at the limit).
inline constexpr std::size_t kMaxRecordingShapes = 10000000;
/// Most distinct shape names over the whole recording.
inline constexpr std::size_t kMaxRecordingNames = 1000000;
/// Most engine contacts over all frames, and in one frame.
inline constexpr std::size_t kMaxRecordingContacts = 10000000;
inline constexpr std::size_t kMaxFrameContacts = 100000;
/// Most points one engine contact may give.
inline constexpr std::size_t kMaxContactPoints = 16;
/// Most distinct groups.
inline constexpr std::size_t kMaxRecordingGroups = 100000;

/// Overlaps and gaps at or below this (in the scene's units) are touching when the header
/// gives no "tolerance": about the resolution of a 32-bit float at coordinates near 10.
inline constexpr float kDefaultRecordingTolerance = 1e-6f;

/// A hull in a frame: an index into Recording::hulls (its surface is shared by every frame
/// that gives the same points).
struct RecordedHull {
  std::uint32_t index = 0;
};

/// The shapes a frame may hold: every scene shape but meshes (a mesh's triangles per frame
/// would be a mesh file per frame; a mesh that never moves goes in the header's "static"
/// list, docs/recording-format.md).
using RecordedGeometry = std::variant<Aabb, Obb, Sphere, Segment, Triangle, Capsule, RecordedHull>;

/// No group (RecordedShape::group, RecordedStatic::group).
inline constexpr std::uint32_t kNoGroup = 0xffffffffu;

/// One shape in one frame.
struct RecordedShape {
  std::uint32_t name = 0;   ///< index into Recording::names
  std::uint32_t color = 0;  ///< index into Recording::colors
  /// The engine's collision margin: the engine's shape is this one grown by it (>= 0).
  float margin = 0.0f;
  std::uint32_t group = kNoGroup;  ///< index into Recording::groups
  RecordedGeometry geometry;
};

/// A shape of the header's "static" list: in every frame, never moving; any scene shape.
struct RecordedStatic {
  std::uint32_t name = 0;  ///< index into Recording::names
  float margin = 0.0f;
  std::uint32_t group = kNoGroup;
  SceneShape shape;  ///< its colour already chosen
};

/// The engine's own verdict on one pair in one frame (a frame's "contacts").
struct EngineContact {
  std::uint32_t a = 0, b = 0;  ///< name indices, as the file gave them
  bool touching = false;
  /// Touching: the depth the engine gave ("depth", >= 0); apart: its distance ("distance",
  /// >= 0); NaN when the file gave neither.
  float value = 0.0f;
  glm::vec3 normal{0.0f};                        ///< from a towards b; zero when not given
  std::uint32_t firstPoint = 0, pointCount = 0;  ///< a run of Recording::contactPoints
};

/// One frame: its number and time as the engine wrote them, and where its shapes are.
struct RecordedFrame {
  std::int64_t number = 0;                       ///< the file's "frame", strictly increasing
  double time = 0.0;                             ///< the file's "time" in seconds, never decreasing
  std::uint32_t firstShape = 0, shapeCount = 0;  ///< a run of Recording::shapes
  /// The engine's verdicts: a run of Recording::contacts. With hasContacts, a pair not
  /// listed is one the engine calls apart; without, the engine said nothing this frame.
  std::uint32_t firstContact = 0, contactCount = 0;
  bool hasContacts = false;
};

struct Recording {
  int version = kRecordingFormatVersion;
  std::string title, notes;
  std::string engine;  ///< the header's "engine" (the engine's name and version), may be empty
  ViewMode view = ViewMode::ThreeD;
  /// Overlaps and gaps at or below it are touching: no flip, no broken expectation, no
  /// disagreement with the engine.
  float tolerance = kDefaultRecordingTolerance;
  /// Checked in every frame where both shapes exist (firstBrokenExpectation); each name
  /// appears in at least one frame or in the static list.
  std::vector<Expectation> expect;
  std::vector<std::string> names;   ///< every shape name once, in order of first appearance
  std::vector<std::string> groups;  ///< every group name once
  std::vector<glm::vec4> colors;    ///< every distinct colour once
  /// The shapes in every frame that never move; each frame's scene starts with them.
  std::vector<RecordedStatic> statics;
  std::vector<RecordedFrame> frames;
  std::vector<RecordedShape> shapes;  ///< every frame's shapes, frame after frame, file order
  std::vector<HullShape> hulls;       ///< the hulls of the frames (RecordedHull), posed
  std::vector<EngineContact> contacts;
  std::vector<glm::vec3> contactPoints;

  std::size_t frameCount() const { return frames.size(); }
  /// Seconds, as the file gave them; frame < frameCount().
  double frameTime(std::size_t frame) const { return frames[frame].time; }
  /// The engine's frame number; frame < frameCount().
  std::int64_t frameNumber(std::size_t frame) const { return frames[frame].number; }
  /// The shapes of frame `frame` (< frameCount()) that are not static, in file order.
  const RecordedShape* frameShapes(std::size_t frame) const { return shapes.data() + frames[frame].firstShape; }
  std::size_t frameShapeCount(std::size_t frame) const { return frames[frame].shapeCount; }
  /// The engine's contacts of frame `frame`.
  const EngineContact* frameContacts(std::size_t frame) const { return contacts.data() + frames[frame].firstContact; }
  std::size_t frameContactCount(std::size_t frame) const { return frames[frame].contactCount; }
  /// Whether any shape has a margin (the exact tests then grow the shapes by it); set by
  /// the loader as it reads them.
  bool hasMargins() const { return anyMargin; }
  bool anyMargin = false;
  /// A frame's scene holds the statics first, then the frame's shapes: the name index,
  /// margin and group of its shape `index`.
  std::uint32_t sceneName(std::size_t frame, std::size_t index) const {
    return index < statics.size() ? statics[index].name : frameShapes(frame)[index - statics.size()].name;
  }
  float sceneMargin(std::size_t frame, std::size_t index) const {
    return index < statics.size() ? statics[index].margin : frameShapes(frame)[index - statics.size()].margin;
  }
  std::uint32_t sceneGroup(std::size_t frame, std::size_t index) const {
    return index < statics.size() ? statics[index].group : frameShapes(frame)[index - statics.size()].group;
  }
};

struct RecordingLoadResult {
  Recording recording;                    ///< empty when error is set
  std::vector<SceneDiagnostic> warnings;  ///< unknown fields and the like (at most 100, then a count)
  std::optional<SceneDiagnostic> error;   ///< the first error, if any

  bool ok() const { return !error.has_value(); }
};

/// Reads a recording line by line as it arrives (a live engine's stream, docs/recording-format.md):
/// after each line, recording() holds every frame read so far. The checks that need every
/// line (an expectation's names) run at finish(). Never throws but std::bad_alloc.
class RecordingReader {
 public:
  /// `sourceName` names the input in messages.
  explicit RecordingReader(std::string sourceName);
  ~RecordingReader();
  RecordingReader(const RecordingReader&) = delete;
  RecordingReader& operator=(const RecordingReader&) = delete;

  /// One line, without its '\n' (a '\r' before it is dropped). False once an error is set:
  /// nothing more is read, and the frames read before the bad line stay.
  bool feedLine(std::string_view line);
  /// The end of the input. False with error() set when the recording is not valid as a
  /// whole (no frames, an expectation naming no shape).
  bool finish();
  bool headerRead() const;
  int linesRead() const;
  const Recording& recording() const;
  /// The frames read so far, to move out once finished (or to trim: a live view keeps a
  /// bounded number of frames).
  Recording& recording();
  const std::vector<SceneDiagnostic>& warnings() const;
  const std::optional<SceneDiagnostic>& error() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Parses recording text (every line of a .jsonl file); `sourceName` is used only in
/// messages. Throws only std::bad_alloc.
RecordingLoadResult parseRecording(std::string_view text, const std::string& sourceName);

/// parseRecording by the reference reader alone: every line checked and parsed into a JSON
/// tree, then read field by field. parseRecording reads a plain frame line by the fast path
/// (the scene loader's, document/scene_fast_load.hpp) and every other line by this reader;
/// the tests and benchmarks that compare the two call it.
RecordingLoadResult parseRecordingWithReferenceReader(std::string_view text, const std::string& sourceName);

/// Reads the file at `path` (a regular file of at most kMaxRecordingFileBytes) line by line
/// and parses it. Messages name the file as `path` was given.
RecordingLoadResult loadRecording(const std::string& path);

/// loadRecording reading `chunkBytes` at a time (loadRecording reads 1 MiB): the same result
/// for every chunk size, which tests check with chunks that end inside lines.
RecordingLoadResult loadRecordingInChunks(const std::string& path, std::size_t chunkBytes);

/// loadRecording in the form (out, error): false with `error` set when the file does not load.
bool loadRecording(const std::string& path, Recording& out, SceneDiagnostic& error);

/// True when `path` ends in ".jsonl" (any case): the app and `satlab check` read such a
/// file as a recording.
bool hasRecordingExtension(std::string_view path);

/// True when the first non-blank line of `text` is a recording header: a JSON object with
/// a "recording" field (a scene never has one at its top level beside "shapes"). Reads only
/// that line. For files without the extension.
bool looksLikeRecording(std::string_view text);

/// Whether the file at `path` is a recording: by its extension, else by its first line
/// (at most kMaxRecordingLineBytes of it are read). False for a file that cannot be read.
bool isRecordingFile(const std::string& path);

/// The scene of frame `frame` (< frameCount()): the shapes that exist in that frame, in file
/// order, and the expectations whose two shapes both exist in it; title, notes and view of
/// the recording. Written into `out` reusing its storage (its shape names' strings, its
/// vectors), so stepping through frames allocates nothing once the largest frame was shown.
/// Colours are explicit (never palette entries): a shape keeps its colour from frame to frame.
void recordingScene(const Recording& rec, std::size_t frame, Scene& out);

/// A pair whose verdict is "overlap" in at least one frame, and the frames (indices into
/// Recording::frames, ascending) where its verdict differs from the frame before. A frame
/// without one of the two shapes counts as "separated" for the pair.
struct PairFlips {
  std::string a, b;             ///< names; a appeared first in the recording (names order)
  bool overlapAtStart = false;  ///< the verdict in frame 0
  std::vector<std::uint32_t> flipFrames;
};

/// Every pair that overlaps in at least one frame, with its flips; in order of the frame
/// where it first overlaps, then of its names' order. Each frame's pairs go through the broad
/// phase (broad_phase.hpp) and the exact test (pairOverlaps) of the candidates only.
/// The verdicts are the exact tests with each shape grown by its margin and settled by the
/// tolerance (recording_exact.hpp: an overlap or gap at or below it flips nothing). Two static
/// shapes are never tested (they never move); `staticPairs`, when given, receives how many
/// such pairs were skipped.
std::vector<PairFlips> verdictFlips(const Recording& rec, std::size_t* staticPairs = nullptr);

/// The geometry of a recorded shape as a scene shape's (a hull posed as recorded).
ShapeGeometry recordedGeometry(const Recording& rec, const RecordedShape& shape);

/// The first frame (and in it, the first expectation by index) where an expectation whose
/// two shapes exist is not met; nullopt when every expectation holds in every frame.
/// Expectations are checked as the verdicts are: with margins and the tolerance ("overlap"),
/// by the test of record ("separating_axis") and by GJK/EPA's depth ("max_depth"). With
/// `only`, the expectations it marks (by index) alone.
std::optional<std::pair<std::size_t, std::size_t>> firstBrokenExpectation(
    const Recording& rec, const std::vector<std::uint8_t>* only = nullptr);
/// What breaks expectation `expectation` in frame `frame` ("crate / floor: expected
/// separated, got overlap (depth 0.01)"), as firstBrokenExpectation found it.
std::string brokenExpectationMessage(const Recording& rec, std::size_t frame, std::size_t expectation);
/// A pair that first touches between two consecutive frames (world/swept_pairs.hpp): apart
/// in frame `frame - 1`, touching at `time`, after it and by frame `frame`. Between two
/// frames a shape moves straight and turns at a constant rate from one pose to the next.
struct BetweenFrames {
  std::uint32_t frame = 0;     ///< The later frame's index (>= 1).
  std::uint32_t a = 0, b = 0;  ///< Name indices; a appeared first in the recording.
  double time = 0.0;           ///< Seconds: frameTime(frame - 1) + toi * the step.
  float toi = 0.0f;            ///< In steps: 0 is frame - 1, 1 is frame.
  bool through = false;        ///< Apart in frame `frame` too: it passed through.
  TestId test = TestId::None;
  std::string_view code{};  ///< The test's name in `satlab check`.
};
/// Every pair that first touches between two consecutive frames, frame after frame, each
/// frame's in the order of its shapes; a touch no deeper than Recording::tolerance in the
/// later frame (resting contact) is left out. The swept tests move the shapes as recorded,
/// without their margins. `untested`, when given, receives how many times a
/// pair whose swept bounds overlapped had no test between frames (a mesh, a segment against
/// a sphere, a capsule or a triangle, a capsule against a triangle, a shape that changed
/// size or kind): those are checked at the frames only.
std::vector<BetweenFrames> betweenFrames(const Recording& rec, std::size_t* untested = nullptr);
/// The scene of frame `frame` moved `s` (0 to 1) of the way to frame `frame + 1`: each shape
/// that is in both frames as one shape moved (evaluation/swept_eval.hpp's stepBetween) goes
/// straight and turns at a constant rate along its step, as the tests between frames take
/// it; the others stay as in frame `frame`. The last frame, or s = 0, is recordingScene.
void recordingSceneBetween(const Recording& rec, std::size_t frame, float s, Scene& out);
/// The first contact between frames that an expectation "overlap": false forbids (its index
/// in `contacts` and the expectation's), or nullopt.
std::optional<std::pair<std::size_t, std::size_t>> firstBrokenBetweenFrames(const Recording& rec,
                                                                            const std::vector<BetweenFrames>& contacts);

/// One pair's verdicts in one frame: the exact test's and the engine's.
struct FramePairVerdict {
  std::uint32_t a = 0, b = 0;  ///< name indices; a appeared first in the recording
  /// The exact verdict with margins, settled by the tolerance from the frame before.
  bool exact = false;
  /// The signed distance with margins (> 0 a gap, < 0 minus the depth; recording_exact.hpp),
  /// NaN when not measured (not asked for, or not measurable: two meshes).
  double signedDistance = 0.0;
  /// The engine's verdict: -1 it said nothing this frame, 0 apart, 1 touching.
  int engine = -1;
  /// The engine and the exact test disagree beyond the tolerance.
  bool disagrees = false;
};

struct FrameVerdictOptions {
  std::size_t from = 0, to = static_cast<std::size_t>(-1);  ///< frames [from, to) by index
  /// Measure every pair's signed distance (else only a disagreement's).
  bool measureAll = false;
};

/// Walks frames [from, to) and calls `visit(frame, pairs)` for each with its pairs whose
/// bounds (grown by the margins and the tolerance) overlap, and the pairs the engine listed
/// as touching; two static shapes are never paired. A pair the engine listed as touching
/// that is far apart is a disagreement. Verdicts are settled as verdictFlips settles them.
void forEachFrameVerdicts(const Recording& rec, const FrameVerdictOptions& options,
                          const std::function<void(std::size_t, const std::vector<FramePairVerdict>&)>& visit);

/// A frame where the engine and the exact test disagree about a pair.
struct Disagreement {
  std::uint32_t frame = 0;  ///< index
  FramePairVerdict pair;
};
/// Every disagreement of the frames that carry the engine's contacts, frame after frame.
std::vector<Disagreement> disagreements(const Recording& rec);

}  // namespace satlab
