#include "mesh/gltf_check.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "base/mesh_validate.hpp"

namespace satlab {
namespace {

constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint32_t kGlbMagic = 0x46546C67;        // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;       // "JSON"
constexpr std::uint32_t kChunkBin = 0x004E4942;        // "BIN\0"
constexpr std::uint64_t kMaxWholeNumber = 1ull << 53;  // JSON's exact integers

// ---- What the check keeps of the JSON ----------------------------------------------------

struct Node {
  std::vector<std::uint64_t> children;
  std::uint64_t mesh = kNone;
  std::uint64_t skin = kNone;
};
struct Buffer {
  std::uint64_t byteLength = 0;
  bool hasUri = false;
  bool dataUri = false;
  std::uint64_t dataBytes = 0;  // what a data: URI decodes to
  std::string uri;              // a file's (empty for a data: URI)
};
struct View {
  std::uint64_t buffer = kNone, byteOffset = 0, byteLength = kNone, byteStride = 0;
};
struct SparsePart {
  std::uint64_t view = kNone, byteOffset = 0, componentType = kNone;
};
struct Accessor {
  std::uint64_t view = kNone, byteOffset = 0, count = kNone, componentType = kNone;
  std::string type;
  bool sparse = false;
  std::uint64_t sparseCount = 0;
  SparsePart sparseIndices, sparseValues;
};
struct Primitive {
  std::vector<std::uint64_t> attributes;
  std::uint64_t position = kNone;
  std::uint64_t indices = kNone;
  std::vector<std::vector<std::uint64_t>> targets;
};
struct Sampler {
  std::uint64_t input = kNone, output = kNone;
};
struct Animation {
  std::vector<Sampler> samplers;
  std::vector<std::uint64_t> channels;  // each channel's sampler
};
struct Skin {
  std::uint64_t inverseBindMatrices = kNone;
  std::uint64_t joints = 0;
};

struct Facts {
  bool hasVersion = false;
  std::string version;
  std::uint64_t scene = kNone;
  std::vector<std::vector<std::uint64_t>> scenes;
  std::vector<Node> nodes;
  std::vector<Buffer> buffers;
  std::vector<View> views;
  std::vector<Accessor> accessors;
  std::vector<std::vector<Primitive>> meshes;
  std::vector<Animation> animations;
  std::vector<Skin> skins;
};

// The decoded size of a data: URI's payload ("data:[type][;base64],payload").
bool dataUriBytes(const std::string& uri, std::uint64_t& bytes) {
  if (uri.compare(0, 5, "data:") != 0) return false;
  const std::size_t comma = uri.find(',');
  if (comma == std::string::npos) {
    bytes = 0;
    return true;
  }
  const std::string head = uri.substr(0, comma);
  const std::uint64_t n = uri.size() - comma - 1;
  if (head.size() >= 7 && head.compare(head.size() - 7, 7, ";base64") == 0) {
    bytes = n / 4 * 3 + (n % 4 == 0 ? 0 : n % 4 - 1);
  } else {
    bytes = n;
  }
  return true;
}

// ---- The stream reader -------------------------------------------------------------------

// Reads the JSON as a stream of events, keeping only the fields above. The path of the value
// being read is the stack of frames: an object's current key, or an array's current index.
class FactsReader : public nlohmann::json::json_sax_t {
 public:
  Facts facts;
  std::string error;

  bool null() override { return value(Kind::Other, 0, nullptr); }
  bool boolean(bool) override { return value(Kind::Other, 0, nullptr); }
  bool number_integer(number_integer_t v) override {
    return v >= 0 ? value(Kind::Whole, static_cast<std::uint64_t>(v), nullptr) : value(Kind::Other, 0, nullptr);
  }
  bool number_unsigned(number_unsigned_t v) override { return value(Kind::Whole, v, nullptr); }
  bool number_float(number_float_t, const string_t&) override { return value(Kind::Other, 0, nullptr); }
  bool string(string_t& s) override { return value(Kind::String, 0, &s); }
  bool binary(binary_t&) override { return value(Kind::Other, 0, nullptr); }
  bool start_object(std::size_t) override {
    if (!value(Kind::Object, 0, nullptr)) return false;
    return push(false);
  }
  bool key(string_t& k) override {
    Frame& f = frames_.back();
    f.key = k;
    if (!f.keys.insert(k).second) return fail(where() + ": the key appears twice in one object");
    return true;
  }
  bool end_object() override { return pop(); }
  bool start_array(std::size_t) override {
    if (!value(Kind::Array, 0, nullptr)) return false;
    return push(true);
  }
  bool end_array() override { return pop(); }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception&) override {
    if (error.empty()) {
      error = "the JSON is not valid at byte " + std::to_string(position) + " (near \"" + printable(token) + "\")";
    }
    return false;
  }

 private:
  enum class Kind { Whole, String, Object, Array, Other };
  struct Frame {
    bool array = false;
    std::uint64_t index = 0;  // an array's current element
    std::string key;          // an object's current key
    std::unordered_set<std::string> keys;
  };

  static std::string printable(const std::string& s) { return satlab::printable(s, 64); }

  bool fail(const std::string& why) {
    if (error.empty()) error = why;
    return false;
  }

  bool push(bool array) {
    if (frames_.size() >= kMaxGltfDepth)
      return fail("the JSON is nested more than " + std::to_string(kMaxGltfDepth) + " levels deep");
    frames_.push_back(Frame{array, 0, {}, {}});
    return true;
  }
  bool pop() {
    frames_.pop_back();
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return true;
  }

  // The value's path, as in messages: "nodes[3].children[0]".
  std::string where() const {
    std::string out;
    for (const Frame& f : frames_) {
      if (f.array) {
        out += "[" + std::to_string(f.index) + "]";
      } else {
        out += (out.empty() ? "" : ".") + printable(f.key);
      }
    }
    return out;
  }

  // True when the value's path is `pattern`: "#" is any array index, "*" any key.
  bool at(std::initializer_list<const char*> pattern) const {
    if (pattern.size() != frames_.size()) return false;
    std::size_t i = 0;
    for (const char* p : pattern) {
      const Frame& f = frames_[i++];
      if (std::strcmp(p, "#") == 0) {
        if (!f.array) return false;
      } else if (f.array || (std::strcmp(p, "*") != 0 && f.key != p)) {
        return false;
      }
    }
    return true;
  }
  std::uint64_t index(std::size_t depth) const { return frames_[depth].index; }

  // A whole number that a field must hold (an index, a count, a length).
  bool whole(Kind kind, std::uint64_t v, std::uint64_t& out) {
    if (kind != Kind::Whole || v > kMaxWholeNumber) return fail(where() + ": expected a whole number of 0 or more");
    out = v;
    return true;
  }
  bool text(Kind kind, const std::string* s, std::string& out) {
    if (kind != Kind::String) return fail(where() + ": expected a string");
    out = *s;
    return true;
  }
  // The element of a top-level array the value starts (an object), made when it starts.
  template <class T>
  bool element(std::vector<T>& list, Kind kind, std::size_t depth) {
    if (kind != Kind::Object) return fail(where() + ": expected an object");
    if (index(depth) != list.size()) return fail(where() + ": out of order");
    list.emplace_back();
    return true;
  }

  bool value(Kind kind, std::uint64_t v, const std::string* s) {
    const bool ok = record(kind, v, s);
    if (kind != Kind::Object && kind != Kind::Array && !frames_.empty() && frames_.back().array) ++frames_.back().index;
    return ok;
  }

  bool record(Kind kind, std::uint64_t v, const std::string* s) {
    if (frames_.empty()) return kind == Kind::Object || fail("the file is not a JSON object");
    const std::string& top = frames_[0].key;
    Facts& x = facts;
    if (top == "asset") {
      if (at({"asset", "version"})) {
        x.hasVersion = true;
        return text(kind, s, x.version);
      }
    } else if (top == "scene") {
      if (at({"scene"})) return whole(kind, v, x.scene);
    } else if (top == "scenes") {
      if (at({"scenes", "#"})) return element(x.scenes, kind, 1);
      if (at({"scenes", "#", "nodes", "#"})) return push(x.scenes.back(), kind, v);
    } else if (top == "nodes") {
      if (at({"nodes", "#"})) return element(x.nodes, kind, 1);
      if (at({"nodes", "#", "children", "#"})) return push(x.nodes.back().children, kind, v);
      if (at({"nodes", "#", "mesh"})) return whole(kind, v, x.nodes.back().mesh);
      if (at({"nodes", "#", "skin"})) return whole(kind, v, x.nodes.back().skin);
    } else if (top == "buffers") {
      if (at({"buffers", "#"})) return element(x.buffers, kind, 1);
      if (at({"buffers", "#", "byteLength"})) return whole(kind, v, x.buffers.back().byteLength);
      if (at({"buffers", "#", "uri"})) {
        Buffer& b = x.buffers.back();
        if (kind != Kind::String) return fail(where() + ": expected a string");
        b.hasUri = true;
        b.dataUri = dataUriBytes(*s, b.dataBytes);
        if (!b.dataUri) b.uri = *s;
        return true;
      }
    } else if (top == "bufferViews") {
      if (at({"bufferViews", "#"})) return element(x.views, kind, 1);
      if (!x.views.empty()) {
        View& w = x.views.back();
        if (at({"bufferViews", "#", "buffer"})) return whole(kind, v, w.buffer);
        if (at({"bufferViews", "#", "byteOffset"})) return whole(kind, v, w.byteOffset);
        if (at({"bufferViews", "#", "byteLength"})) return whole(kind, v, w.byteLength);
        if (at({"bufferViews", "#", "byteStride"})) return whole(kind, v, w.byteStride);
      }
    } else if (top == "accessors") {
      return accessor(kind, v, s);
    } else if (top == "meshes") {
      return mesh(kind, v);
    } else if (top == "animations") {
      if (at({"animations", "#"})) return element(x.animations, kind, 1);
      if (at({"animations", "#", "samplers", "#"})) return element(x.animations.back().samplers, kind, 3);
      if (at({"animations", "#", "samplers", "#", "input"}))
        return whole(kind, v, x.animations.back().samplers.back().input);
      if (at({"animations", "#", "samplers", "#", "output"})) {
        return whole(kind, v, x.animations.back().samplers.back().output);
      }
      if (at({"animations", "#", "channels", "#", "sampler"})) return push(x.animations.back().channels, kind, v);
    } else if (top == "skins") {
      if (at({"skins", "#"})) return element(x.skins, kind, 1);
      if (at({"skins", "#", "inverseBindMatrices"})) return whole(kind, v, x.skins.back().inverseBindMatrices);
      if (at({"skins", "#", "joints", "#"})) {
        std::uint64_t joint = 0;
        if (!whole(kind, v, joint)) return false;
        ++x.skins.back().joints;
        return true;
      }
    }
    return true;
  }

  bool push(std::vector<std::uint64_t>& list, Kind kind, std::uint64_t v) {
    std::uint64_t n = 0;
    if (!whole(kind, v, n)) return false;
    list.push_back(n);
    return true;
  }

  bool accessor(Kind kind, std::uint64_t v, const std::string* s) {
    std::vector<Accessor>& list = facts.accessors;
    if (at({"accessors", "#"})) return element(list, kind, 1);
    if (list.empty()) return true;
    Accessor& a = list.back();
    if (at({"accessors", "#", "bufferView"})) return whole(kind, v, a.view);
    if (at({"accessors", "#", "byteOffset"})) return whole(kind, v, a.byteOffset);
    if (at({"accessors", "#", "count"})) return whole(kind, v, a.count);
    if (at({"accessors", "#", "componentType"})) return whole(kind, v, a.componentType);
    if (at({"accessors", "#", "type"})) return text(kind, s, a.type);
    if (at({"accessors", "#", "sparse"})) {
      a.sparse = true;
      return kind == Kind::Object || fail(where() + ": expected an object");
    }
    if (at({"accessors", "#", "sparse", "count"})) return whole(kind, v, a.sparseCount);
    for (auto [name, part] :
         {std::pair<const char*, SparsePart*>{"indices", &a.sparseIndices}, {"values", &a.sparseValues}}) {
      if (at({"accessors", "#", "sparse", name, "bufferView"})) return whole(kind, v, part->view);
      if (at({"accessors", "#", "sparse", name, "byteOffset"})) return whole(kind, v, part->byteOffset);
      if (at({"accessors", "#", "sparse", name, "componentType"})) return whole(kind, v, part->componentType);
    }
    return true;
  }

  bool mesh(Kind kind, std::uint64_t v) {
    std::vector<std::vector<Primitive>>& list = facts.meshes;
    if (at({"meshes", "#"})) return element(list, kind, 1);
    if (at({"meshes", "#", "primitives", "#"})) return element(list.back(), kind, 3);
    if (list.empty() || list.back().empty()) return true;
    Primitive& p = list.back().back();
    if (at({"meshes", "#", "primitives", "#", "attributes", "*"})) {
      std::uint64_t a = 0;
      if (!whole(kind, v, a)) return false;
      p.attributes.push_back(a);
      if (frames_.back().key == "POSITION") p.position = a;
      return true;
    }
    if (at({"meshes", "#", "primitives", "#", "indices"})) return whole(kind, v, p.indices);
    if (at({"meshes", "#", "primitives", "#", "targets", "#"})) return element(p.targets, kind, 5);
    if (at({"meshes", "#", "primitives", "#", "targets", "#", "*"})) return push(p.targets.back(), kind, v);
    return true;
  }

  std::vector<Frame> frames_;
};

// ---- The checks --------------------------------------------------------------------------

std::uint64_t componentBytes(std::uint64_t type) {
  switch (type) {
    case 5120:
    case 5121: return 1;
    case 5122:
    case 5123: return 2;
    case 5125:
    case 5126: return 4;
    default: return 0;
  }
}

std::uint64_t componentsOf(const std::string& type) {
  static const std::pair<const char*, std::uint64_t> kTypes[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4},
                                                                 {"MAT2", 4},   {"MAT3", 9}, {"MAT4", 16}};
  for (const auto& t : kTypes) {
    if (type == t.first) return t.second;
  }
  return 0;
}

// a + b and a * b, held at kNone instead of wrapping.
std::uint64_t add(std::uint64_t a, std::uint64_t b) { return a > kNone - b ? kNone : a + b; }
std::uint64_t mul(std::uint64_t a, std::uint64_t b) { return b != 0 && a > kNone / b ? kNone : a * b; }

std::string item(const char* list, std::size_t i) { return std::string(list) + "[" + std::to_string(i) + "]"; }

class Checker {
 public:
  Checker(const Facts& f, const MeshReadScope& scope, std::uint64_t binBytes, std::uint64_t fileBytes)
      : f_(f), scope_(scope), binBytes_(binBytes), inputBytes_(fileBytes) {}

  std::string run() {
    if (!f_.hasVersion) return "asset.version is missing (satlab reads glTF 2.0)";
    if (f_.version.compare(0, 2, "2.") != 0) {
      return "asset.version is \"" + printable(f_.version, 32) + "\": satlab reads glTF 2.0 files only";
    }
    std::string why;
    if (!(why = buffers()).empty() || !(why = views()).empty() || !(why = accessors()).empty() ||
        !(why = nodes()).empty() || !(why = scenes()).empty() || !(why = expansion()).empty()) {
      return why;
    }
    return "";
  }

 private:
  std::string buffers() {
    std::vector<std::pair<dev_t, ino_t>> files;
    for (std::size_t i = 0; i < f_.buffers.size(); ++i) {
      const Buffer& b = f_.buffers[i];
      std::uint64_t available = 0;
      if (!b.hasUri) {
        if (i == 0 && binBytes_ != kNone) available = binBytes_;
      } else if (b.dataUri) {
        available = b.dataBytes;
      } else if (b.byteLength > 0) {  // the importer opens a file only for a buffer with bytes
        MeshReadScope::Allowed allowed;
        std::string why;
        const std::size_t slash = scope_.meshPath().find_last_of('/');
        const std::string folder = slash == std::string::npos ? std::string() : scope_.meshPath().substr(0, slash + 1);
        if (!scope_.check(folder + b.uri, allowed, why)) return item("buffers", i) + ".uri: " + why;
        available = allowed.bytes;
        bool seen = allowed.isMeshFile;
        for (const auto& d : files) seen = seen || (d.first == allowed.device && d.second == allowed.inode);
        if (!seen) {
          files.emplace_back(allowed.device, allowed.inode);
          inputBytes_ = add(inputBytes_, allowed.bytes);
        }
      }
      if (b.byteLength <= available) continue;
      const std::string name = item("buffers", i);
      const std::string says = std::to_string(b.byteLength) + " bytes";
      if (b.hasUri) return name + ".byteLength: " + says + ", but its data holds " + std::to_string(available);
      if (i == 0 && binBytes_ != kNone)
        return name + ".byteLength: " + says + ", but the BIN chunk holds " + std::to_string(available);
      return name + ": " + says + " without a uri" + (i == 0 ? " or a BIN chunk" : "") + " to hold them";
    }
    return "";
  }

  std::string views() {
    for (std::size_t i = 0; i < f_.views.size(); ++i) {
      const View& w = f_.views[i];
      if (w.buffer == kNone || w.buffer >= f_.buffers.size()) {
        return item("bufferViews", i) + ".buffer: there is no buffer " +
               (w.buffer == kNone ? "(none given)" : std::to_string(w.buffer));
      }
      if (w.byteLength == kNone) return item("bufferViews", i) + ".byteLength is missing";
      const std::uint64_t size = f_.buffers[w.buffer].byteLength;
      if (add(w.byteOffset, w.byteLength) > size) {
        return item("bufferViews", i) + ": bytes " + std::to_string(w.byteOffset) + " to " +
               std::to_string(add(w.byteOffset, w.byteLength)) + " lie outside buffer " + std::to_string(w.buffer) +
               " (" + std::to_string(size) + " bytes)";
      }
    }
    return "";
  }

  // `count` elements of `elementBytes` at `offset` of view `view`, `stride` apart (0: packed).
  std::string fits(const std::string& name, std::uint64_t view, std::uint64_t offset, std::uint64_t count,
                   std::uint64_t elementBytes, bool strided) {
    if (view >= f_.views.size()) return name + ".bufferView: there is no buffer view " + std::to_string(view);
    const View& w = f_.views[view];
    const std::uint64_t stride = strided && w.byteStride > 0 ? w.byteStride : elementBytes;
    const std::uint64_t need = count == 0 ? offset : add(add(offset, mul(count - 1, stride)), elementBytes);
    if (need > w.byteLength) {
      return name + ": " + std::to_string(count) + " elements of " + std::to_string(elementBytes) + " bytes need " +
             std::to_string(need) + " bytes of buffer view " + std::to_string(view) + ", which has " +
             std::to_string(w.byteLength);
    }
    return "";
  }

  std::string accessors() {
    for (std::size_t i = 0; i < f_.accessors.size(); ++i) {
      const Accessor& a = f_.accessors[i];
      const std::string name = item("accessors", i);
      if (a.count == kNone || a.count == 0) return name + ".count: must be 1 or more";
      const std::uint64_t bytes = componentBytes(a.componentType);
      if (bytes == 0) return name + ".componentType: not a glTF component type";
      const std::uint64_t components = componentsOf(a.type);
      if (components == 0) return name + ".type: \"" + printable(a.type, 16) + "\" is not a glTF accessor type";
      if (a.view != kNone) {
        if (std::string why = fits(name, a.view, a.byteOffset, a.count, bytes * components, true); !why.empty())
          return why;
      } else {
        expanded_ = add(expanded_, mul(a.count, bytes * components));  // zeros
      }
      if (a.sparse) {
        if (a.sparseCount == 0 || a.sparseCount > a.count) {
          return name + ".sparse.count: must be from 1 to the accessor's count (" + std::to_string(a.count) + ")";
        }
        const std::uint64_t indexBytes = componentBytes(a.sparseIndices.componentType);
        if (a.sparseIndices.view == kNone || a.sparseValues.view == kNone || indexBytes == 0) {
          return name + ".sparse: indices and values each need a bufferView, and the indices a componentType";
        }
        std::string why = fits(name + ".sparse.indices", a.sparseIndices.view, a.sparseIndices.byteOffset,
                               a.sparseCount, indexBytes, false);
        if (why.empty()) {
          why = fits(name + ".sparse.values", a.sparseValues.view, a.sparseValues.byteOffset, a.sparseCount,
                     bytes * components, false);
        }
        if (!why.empty()) return why;
      }
    }
    return "";
  }

  std::string nodes() {
    const std::size_t n = f_.nodes.size();
    parent_.assign(n, kNone);
    for (std::size_t i = 0; i < n; ++i) {
      const Node& node = f_.nodes[i];
      if (node.mesh != kNone && node.mesh >= f_.meshes.size()) {
        return item("nodes", i) + ".mesh: there is no mesh " + std::to_string(node.mesh);
      }
      if (node.skin != kNone && node.skin >= f_.skins.size()) {
        return item("nodes", i) + ".skin: there is no skin " + std::to_string(node.skin);
      }
      for (std::size_t k = 0; k < node.children.size(); ++k) {
        const std::uint64_t c = node.children[k];
        const std::string name = item("nodes", i) + ".children[" + std::to_string(k) + "]";
        if (c >= n) return name + ": there is no node " + std::to_string(c);
        if (c == i) return name + ": a node cannot be its own child";
        if (parent_[c] != kNone) {
          return name + ": node " + std::to_string(c) + " already has a parent (nodes[" + std::to_string(parent_[c]) +
                 "]); glTF's nodes form trees, so a node is placed once";
        }
        parent_[c] = i;
      }
    }
    // With one parent each, a cycle is a node that is its own ancestor.
    std::vector<char> state(n, 0);  // 0 unknown, 1 on the current walk, 2 leads to a root
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = i;
      while (at != kNone && state[at] == 0) {
        state[at] = 1;
        at = static_cast<std::size_t>(parent_[at]);
      }
      if (at != kNone && state[at] == 1) return item("nodes", at) + " is its own ancestor: glTF's nodes form trees";
      for (at = i; at != kNone && state[at] == 1; at = static_cast<std::size_t>(parent_[at])) state[at] = 2;
    }
    return "";
  }

  std::string scenes() {
    if (f_.scene != kNone && f_.scene >= f_.scenes.size())
      return "scene: there is no scene " + std::to_string(f_.scene);
    for (std::size_t s = 0; s < f_.scenes.size(); ++s) {
      std::unordered_set<std::uint64_t> roots;
      for (std::size_t k = 0; k < f_.scenes[s].size(); ++k) {
        const std::uint64_t r = f_.scenes[s][k];
        const std::string name = item("scenes", s) + ".nodes[" + std::to_string(k) + "]";
        if (r >= f_.nodes.size()) return name + ": there is no node " + std::to_string(r);
        if (parent_[r] != kNone) {
          return name + ": node " + std::to_string(r) + " is a child of nodes[" + std::to_string(parent_[r]) +
                 "], not a root";
        }
        if (!roots.insert(r).second) return name + ": node " + std::to_string(r) + " is listed twice";
      }
    }
    return "";
  }

  std::uint64_t countOf(std::uint64_t accessor, const std::string& name, std::string& why) const {
    if (accessor >= f_.accessors.size()) {
      why = name + ": there is no accessor " + std::to_string(accessor);
      return 0;
    }
    return f_.accessors[accessor].count;
  }

  // What the importer would expand the accessors into, against what the file holds.
  std::string expansion() {
    constexpr std::uint64_t kVertexBytes = 16;  // an attribute value as the importer holds it
    std::string why;
    std::vector<std::uint64_t> meshVertices(f_.meshes.size(), 0);
    for (std::size_t m = 0; m < f_.meshes.size(); ++m) {
      for (std::size_t p = 0; p < f_.meshes[m].size(); ++p) {
        const Primitive& prim = f_.meshes[m][p];
        const std::string name = item("meshes", m) + ".primitives[" + std::to_string(p) + "]";
        const std::uint64_t vertices =
            prim.position == kNone ? 0 : countOf(prim.position, name + ".attributes.POSITION", why);
        if (!why.empty()) return why;
        auto attribute = [&](std::uint64_t a, const std::string& field) {
          const std::uint64_t c = countOf(a, field, why);
          if (why.empty() && prim.position != kNone && c != vertices) {
            why = field + ": accessor " + std::to_string(a) + " has " + std::to_string(c) + " elements, POSITION has " +
                  std::to_string(vertices) + " (a primitive's attributes have one count)";
          }
          expanded_ = add(expanded_, mul(c, kVertexBytes));
          return why.empty();
        };
        for (std::uint64_t a : prim.attributes) {
          if (!attribute(a, name + ".attributes")) return why;
        }
        for (std::size_t t = 0; t < prim.targets.size(); ++t) {
          for (std::uint64_t a : prim.targets[t]) {
            if (!attribute(a, name + ".targets[" + std::to_string(t) + "]")) return why;
          }
        }
        if (prim.indices != kNone) {
          expanded_ = add(expanded_, mul(countOf(prim.indices, name + ".indices", why), kVertexBytes));
          if (!why.empty()) return why;
        }
        meshVertices[m] = add(meshVertices[m], vertices);
      }
    }
    for (std::size_t a = 0; a < f_.animations.size(); ++a) {
      const Animation& anim = f_.animations[a];
      for (std::size_t c = 0; c < anim.channels.size(); ++c) {
        const std::string name = item("animations", a) + ".channels[" + std::to_string(c) + "].sampler";
        if (anim.channels[c] >= anim.samplers.size())
          return name + ": there is no sampler " + std::to_string(anim.channels[c]);
        const Sampler& s = anim.samplers[anim.channels[c]];
        if (s.input == kNone || s.output == kNone) return name + ": its sampler needs an input and an output";
        const std::uint64_t keys = add(countOf(s.input, name, why), countOf(s.output, name, why));
        if (!why.empty()) return why;
        expanded_ = add(expanded_, mul(keys, kVertexBytes));
      }
    }
    for (std::size_t s = 0; s < f_.skins.size(); ++s) {
      const Skin& skin = f_.skins[s];
      expanded_ = add(expanded_, mul(skin.joints, 64));
      if (skin.inverseBindMatrices != kNone) {
        expanded_ =
            add(expanded_, mul(countOf(skin.inverseBindMatrices, item("skins", s) + ".inverseBindMatrices", why), 64));
        if (!why.empty()) return why;
      }
    }
    // Each placement of a skinned mesh gets its own bone weights.
    for (const Node& node : f_.nodes) {
      if (node.mesh != kNone && node.skin != kNone) {
        expanded_ = add(expanded_, mul(meshVertices[node.mesh], kVertexBytes));
        expanded_ = add(expanded_, mul(f_.skins[node.skin].joints, 64));
      }
    }
    const std::uint64_t budget = add(mul(inputBytes_, kGltfExpansionFactor), kGltfExpansionSlack);
    if (expanded_ > budget) {
      return "the file's accessors would expand to " + mib(expanded_) + " in the importer, from " + mib(inputBytes_) +
             " of file and buffers (satlab allows " + std::to_string(kGltfExpansionFactor) + " times the input plus " +
             mib(kGltfExpansionSlack) + ")";
    }
    return "";
  }

  static std::string mib(std::uint64_t bytes) {
    if (bytes == kNone) return "more than 16 EiB";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
    return buf;
  }

  const Facts& f_;
  const MeshReadScope& scope_;
  std::uint64_t binBytes_;
  std::uint64_t inputBytes_;
  std::uint64_t expanded_ = 0;
  std::vector<std::uint64_t> parent_;
};

std::uint32_t le32(std::string_view b, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(b.data() + at);
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// A .glb's container: "glTF", version 2, the file's length, a JSON chunk and an optional BIN
// chunk, every length within the file. Sets `json` and `binBytes` (kNone: no BIN chunk).
std::string glbProblem(std::string_view bytes, std::string_view& json, std::uint64_t& binBytes) {
  if (bytes.size() < 20)
    return "a .glb file has a 12-byte header and a chunk header; this one has " + std::to_string(bytes.size()) +
           " bytes";
  if (le32(bytes, 0) != kGlbMagic) return "a .glb file starts with \"glTF\"; this one does not";
  if (le32(bytes, 4) != 2)
    return "the header says glTF version " + std::to_string(le32(bytes, 4)) + " (satlab reads version 2)";
  const std::uint64_t length = le32(bytes, 8);
  if (length != bytes.size()) {
    return "the header says the file has " + std::to_string(length) + " bytes; it has " + std::to_string(bytes.size());
  }
  const std::uint64_t jsonLength = le32(bytes, 12);
  if (le32(bytes, 16) != kChunkJson) return "the first chunk is not the JSON chunk";
  if (jsonLength > bytes.size() - 20) {
    return "the JSON chunk says it has " + std::to_string(jsonLength) + " bytes; only " +
           std::to_string(bytes.size() - 20) + " follow its header";
  }
  json = bytes.substr(20, static_cast<std::size_t>(jsonLength));
  binBytes = kNone;
  const std::uint64_t next = 20 + ((jsonLength + 3) & ~std::uint64_t{3});
  if (length >= next + 8) {
    const std::uint64_t binLength = le32(bytes, static_cast<std::size_t>(next));
    if (le32(bytes, static_cast<std::size_t>(next + 4)) != kChunkBin) return "the second chunk is not a BIN chunk";
    if (binLength > bytes.size() - (next + 8)) {
      return "the BIN chunk says it has " + std::to_string(binLength) + " bytes; only " +
             std::to_string(bytes.size() - (next + 8)) + " follow its header";
    }
    binBytes = binLength;
  }
  return "";
}

}  // namespace

std::string gltfProblem(std::string_view bytes, bool binary, const MeshReadScope& scope) {
  std::string_view json = bytes;
  std::uint64_t binBytes = kNone;
  if (binary) {
    if (std::string why = glbProblem(bytes, json, binBytes); !why.empty()) return why;
  }
  FactsReader reader;
  const bool parsed =
      nlohmann::json::sax_parse(json.begin(), json.end(), &reader, nlohmann::json::input_format_t::json, true, false);
  if (!parsed || !reader.error.empty()) return reader.error.empty() ? "the JSON is not valid" : reader.error;
  return Checker(reader.facts, scope, binBytes, bytes.size()).run();
}

}  // namespace satlab
