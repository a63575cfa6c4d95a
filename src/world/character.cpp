#include "world/character.hpp"

#include "document/json_path.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

bool isWall(const SceneShape& s) { return s.kind() == ShapeKind::Aabb || s.kind() == ShapeKind::Obb; }

std::string numberText(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

float largestCoordinate(const Aabb& box) {
  const glm::vec3 lo = glm::abs(box.min()), hi = glm::abs(box.max());
  return std::max({lo.x, lo.y, lo.z, hi.x, hi.y, hi.z});
}

// The character box's bounds over a move: the box at its start and at start + move, padded.
Bounds sweptBounds(const Aabb& box, const glm::vec3& move, float pad, bool useZ) {
  Bounds b;
  b.lo = glm::min(box.min(), box.min() + move) - glm::vec3(pad);
  b.hi = glm::max(box.max(), box.max() + move) + glm::vec3(pad);
  if (!useZ) b.lo.z = b.hi.z = 0.0f;
  return b;
}

std::optional<BoxContact> contactWith(const Aabb& box, const SceneShape& wall, ContactPlane plane) {
  if (wall.kind() == ShapeKind::Aabb) return boxContact(box, std::get<Aabb>(wall.geometry), plane);
  if (wall.kind() == ShapeKind::Obb) return boxContact(box, std::get<Obb>(wall.geometry), plane);
  return std::nullopt;
}

glm::vec3 finiteOrZero(const glm::vec3& v) {
  return glm::vec3(std::isfinite(v.x) ? v.x : 0.0f, std::isfinite(v.y) ? v.y : 0.0f, std::isfinite(v.z) ? v.z : 0.0f);
}

}  // namespace

std::optional<CharacterSpec> characterOf(const Scene& scene, const std::string& sourceName, std::string& error) {
  error.clear();
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "character") field = &e;
  }
  if (!field) return std::nullopt;
  auto fail = [&](const std::string& path, const std::string& why) {
    error = sourceName + ": " + path + ": " + why;
    return std::nullopt;
  };
  const nlohmann::json j = nlohmann::json::parse(field->json, nullptr, false);
  if (!j.is_object()) return fail("character", "must be an object such as {\"shape\": \"hero\", \"speed\": 3}");
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() != "shape" && it.key() != "speed" && it.key() != "iterations") {
      return fail(jsonPathKey("character", it.key()), "unknown member (a character has shape, speed and iterations)");
    }
  }
  CharacterSpec spec;
  if (!j.contains("shape")) return fail("character", "needs \"shape\", the name of the character's AABB");
  if (!j["shape"].is_string()) return fail("character.shape", "must be a shape name");
  spec.shape = j["shape"].get<std::string>();
  const SceneShape* shape = nullptr;
  for (size_t i = 0; i < scene.shapes.size() && !shape; ++i) {
    if (scene.shapes[i].name == spec.shape) {
      shape = &scene.shapes[i];
      spec.index = i;
    }
  }
  if (!shape) return fail("character.shape", "no shape is named \"" + printable(spec.shape) + "\"");
  if (shape->kind() != ShapeKind::Aabb) {
    const char* article = shape->kind() == ShapeKind::Obb ? "an " : "a ";
    return fail("character.shape", "\"" + printable(spec.shape) + "\" is " + article +
                                       std::string(shapeKindName(shape->kind())) + "; the character must be an aabb");
  }
  const Aabb& box = std::get<Aabb>(shape->geometry);
  if (!(box.half.x > 0.0f) || !(box.half.y > 0.0f)) {
    return fail("character.shape", "\"" + printable(spec.shape) + "\" needs half extents x and y above 0");
  }
  if (j.contains("speed")) {
    const nlohmann::json& s = j["speed"];
    const double v = s.is_number() ? s.get<double>() : -1.0;
    if (!s.is_number() || !(v > 0.0) || v > kMaxCharacterSpeed) {
      return fail("character.speed", "must be a number above 0 and at most " + numberText(kMaxCharacterSpeed) +
                                         " (units per second)" + (s.is_number() ? " (got " + numberText(v) + ")" : ""));
    }
    spec.speed = static_cast<float>(v);
  }
  if (j.contains("iterations")) {
    const nlohmann::json& s = j["iterations"];
    if (!s.is_number_integer() || s.get<long long>() < 1 || s.get<long long>() > kMaxSlideIterations) {
      return fail("character.iterations", "must be a whole number from 1 to " + std::to_string(kMaxSlideIterations));
    }
    spec.iterations = static_cast<int>(s.get<long long>());
  }
  return spec;
}

// ---- the grid ------------------------------------------------------------------------------

size_t ColliderGrid::CellHash::operator()(const CellKey& k) const {
  // Three large odd multipliers (as in spatial hashing, Teschner et al. 2003) mixed by xor.
  const std::uint64_t h = static_cast<std::uint64_t>(k.x) * 73856093ull ^
                          static_cast<std::uint64_t>(k.y) * 19349663ull ^ static_cast<std::uint64_t>(k.z) * 83492791ull;
  return static_cast<size_t>(h ^ (h >> 29));
}

bool ColliderGrid::overlaps(const Bounds& a, const Bounds& b) const {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
         (!useZ_ || (a.lo.z <= b.hi.z && b.lo.z <= a.hi.z));
}

bool ColliderGrid::cellRange(const Bounds& box, std::uint64_t limit, CellKey& lo, CellKey& hi) const {
  double l[3], h[3];
  for (int i = 0; i < 3; ++i) {
    l[i] = std::floor(static_cast<double>(box.lo[i]) / cell_);
    h[i] = std::floor(static_cast<double>(box.hi[i]) / cell_);
    if (!std::isfinite(l[i]) || !std::isfinite(h[i]) || std::abs(l[i]) > 1e15 || std::abs(h[i]) > 1e15) return false;
  }
  if (!useZ_) l[2] = h[2] = 0.0;
  const double count = (h[0] - l[0] + 1.0) * (h[1] - l[1] + 1.0) * (h[2] - l[2] + 1.0);
  if (!(count <= static_cast<double>(limit))) return false;
  lo = CellKey{static_cast<std::int64_t>(l[0]), static_cast<std::int64_t>(l[1]), static_cast<std::int64_t>(l[2])};
  hi = CellKey{static_cast<std::int64_t>(h[0]), static_cast<std::int64_t>(h[1]), static_cast<std::int64_t>(h[2])};
  return true;
}

void ColliderGrid::build(const Scene& scene, size_t character, float cell) {
  cell_ = cell > 0.0f && std::isfinite(cell) ? cell : 1.0f;
  useZ_ = scene.view != ViewMode::TwoD;
  character_ = character;
  cells_.clear();
  cells_.reserve(scene.shapes.size() * 4);
  large_.clear();
  wallCount_ = 0;
  const size_t n = scene.shapes.size();
  bounds_.assign(n, Bounds{});
  wall_.assign(n, 0);
  seen_.assign(n, 0);
  queryStamp_ = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i == character || !isWall(scene.shapes[i])) continue;
    wall_[i] = 1;
    ++wallCount_;
    bounds_[i] = conservativeBounds(scene.shapes[i]);
    CellKey lo{}, hi{};
    const auto index = static_cast<std::uint32_t>(i);
    if (!cellRange(bounds_[i], kMaxCellsPerWall, lo, hi)) {
      large_.push_back(index);
      continue;
    }
    for (std::int64_t x = lo.x; x <= hi.x; ++x)
      for (std::int64_t y = lo.y; y <= hi.y; ++y)
        for (std::int64_t z = lo.z; z <= hi.z; ++z) cells_[CellKey{x, y, z}].push_back(index);
  }
}

bool ColliderGrid::stale(const Scene& scene, size_t character) const {
  if (character != character_ || scene.shapes.size() != wall_.size() || useZ_ != (scene.view != ViewMode::TwoD)) {
    return true;
  }
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    const bool w = i != character && isWall(scene.shapes[i]);
    if (w != (wall_[i] != 0)) return true;
    if (!w) continue;
    const Bounds b = conservativeBounds(scene.shapes[i]);
    if (b.lo != bounds_[i].lo || b.hi != bounds_[i].hi) return true;
  }
  return false;
}

void ColliderGrid::query(const Bounds& box, std::vector<std::uint32_t>& out) const {
  out.clear();
  if (++queryStamp_ == 0) {  // the stamps wrapped: start them over
    std::fill(seen_.begin(), seen_.end(), 0u);
    queryStamp_ = 1;
  }
  auto take = [&](std::uint32_t i) {
    if (seen_[i] == queryStamp_) return;
    seen_[i] = queryStamp_;
    if (overlaps(bounds_[i], box)) out.push_back(i);
  };
  for (const std::uint32_t i : large_) take(i);
  CellKey lo{}, hi{};
  if (cellRange(box, 4 * kMaxCellsPerWall, lo, hi)) {
    for (std::int64_t x = lo.x; x <= hi.x; ++x)
      for (std::int64_t y = lo.y; y <= hi.y; ++y)
        for (std::int64_t z = lo.z; z <= hi.z; ++z) {
          const auto it = cells_.find(CellKey{x, y, z});
          if (it == cells_.end()) continue;
          for (const std::uint32_t i : it->second) take(i);
        }
  } else {
    // A query box over many cells: every wall, by its bounds.
    for (size_t i = 0; i < wall_.size(); ++i) {
      if (wall_[i]) take(static_cast<std::uint32_t>(i));
    }
  }
  std::sort(out.begin(), out.end());
}

// ---- the slide -----------------------------------------------------------------------------

const char* slideOutcomeName(SlideOutcome outcome) {
  switch (outcome) {
    case SlideOutcome::Pending: return "in progress";
    case SlideOutcome::Free: return "free";
    case SlideOutcome::Slid: return "slid";
    case SlideOutcome::Blocked: return "blocked";
  }
  return "";
}

float maxSlideMove(const Aabb& box) { return kMaxMoveShare * std::min(box.half.x, box.half.y); }

SlideStep::SlideStep(const Scene& scene, const CharacterSpec& spec, const glm::vec3& wanted) {
  if (spec.index < scene.shapes.size() && scene.shapes[spec.index].kind() == ShapeKind::Aabb) {
    box_ = std::get<Aabb>(scene.shapes[spec.index].geometry);
  }
  iterations_ = std::clamp(spec.iterations, 1, kMaxSlideIterations);
  plane_ = scene.view == ViewMode::TwoD ? ContactPlane::Plane2d : ContactPlane::Space3d;
  glm::vec3 m = finiteOrZero(wanted);
  if (plane_ == ContactPlane::Plane2d) m.z = 0.0f;
  const float longest = maxSlideMove(box_);
  const float len = glm::length(m);
  if (!(len <= longest)) {
    m = len > 0.0f && std::isfinite(len) ? m * (longest / len) : glm::vec3(0.0f);
    trace_.clamped = true;
  }
  move_ = m;
  trace_.start = box_.center;
  trace_.wanted = m;
  trace_.slop = kSlideSlopRelative * (1.0f + largestCoordinate(box_));
}

void SlideStep::iterate(const Scene& scene, const ColliderGrid& grid) {
  if (finished()) return;
  SlideIteration it;
  it.move = move_;
  // 1. The box at start + move, and the walls near its sweep (the broad phase).
  Aabb moved = box_;
  moved.center = box_.center + move_;
  grid.query(sweptBounds(box_, move_, trace_.slop, plane_ == ContactPlane::Space3d), nearby_);
  it.nearby = nearby_.size();
  for (const std::uint32_t w : nearby_) {
    if (w >= scene.shapes.size()) continue;
    const std::optional<BoxContact> c = contactWith(moved, scene.shapes[w], plane_);
    if (c && c->depth > trace_.slop) it.contacts.push_back(SlideContact{w, *c});
  }
  if (it.contacts.empty()) {
    // 2. Nothing in the way: the step ends here.
    trace_.outcome = trace_.iterations.empty() ? SlideOutcome::Free : SlideOutcome::Slid;
    trace_.end = moved.center;
    trace_.iterations.push_back(std::move(it));
    return;
  }
  // 3. The deepest contact (the first one on ties, in scene order).
  size_t best = 0;
  for (size_t i = 1; i < it.contacts.size(); ++i) {
    if (it.contacts[i].contact.depth > it.contacts[best].contact.depth) best = i;
  }
  it.chosen = static_cast<int>(best);
  const glm::vec3 n = it.contacts[best].contact.normal;
  const float d = it.contacts[best].contact.depth;
  // 4. The move split on the normal: v_n into (or out of) the wall, v_t along it.
  it.vn = glm::dot(move_, n) * n;
  it.vt = move_ - it.vn;
  // 5. The corrected move: out of the wall by the depth, which leaves v_t and the part of v_n
  // that reaches the wall.
  it.corrected = move_ + d * n;
  move_ = it.corrected;
  trace_.iterations.push_back(std::move(it));
  if (static_cast<int>(trace_.iterations.size()) >= iterations_) {
    trace_.outcome = SlideOutcome::Blocked;
    trace_.end = trace_.start;
  }
}

void SlideStep::finish(const Scene& scene, const ColliderGrid& grid) {
  while (!finished()) iterate(scene, grid);
}

std::vector<SlideContact> contactsOf(const Scene& scene, size_t character, const Aabb& box, float slop) {
  const ContactPlane plane = scene.view == ViewMode::TwoD ? ContactPlane::Plane2d : ContactPlane::Space3d;
  std::vector<SlideContact> out;
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    if (i == character) continue;
    const std::optional<BoxContact> c = contactWith(box, scene.shapes[i], plane);
    if (c && c->depth > slop) out.push_back(SlideContact{i, *c});
  }
  return out;
}

}  // namespace satlab
