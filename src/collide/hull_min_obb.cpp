// The minimum-volume OBB of a convex hull (hull_volumes.hpp, minimumObb): Jylanki 2015,
// "An Exact Algorithm for Finding Minimum Oriented Bounding Boxes", on the hull's Gauss map,
// with the minimum-area rectangle of a convex polygon (rotating calipers) for the
// orientations with a box face flush with a hull face, and for flat hulls.
//
// The words used below. Each hull edge e, between faces with outward unit normals na and nb,
// is touched by a supporting plane exactly when the plane's normal lies on the great-circle
// arc from na to nb (the edge's arc in the Gauss map); a box face "holds" e when its outward
// normal is on that arc. Two edges are "sidepodal" when two perpendicular normals, one on
// each arc, exist: then they can lie on two adjacent faces of one box. O'Rourke 1985
// ("Finding minimal enclosing boxes") proved that a minimum box has two adjacent faces that
// hold hull edges; Jylanki's conjecture (his paper, 7.1, backed by his experiments) is that
// a minimum box also has a third face that holds a hull edge, or a face flush with a hull
// face. With two sidepodal edges e1 and e2 chosen, the box may still turn along a one-
// parameter family; the configurations with a third edge held are the points of that
// family where a face's support vertex changes. This file walks every such family and
// measures the box at each of those points.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "obb_fit.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab {

namespace {

using Index = std::uint32_t;

// ---- The hull as a graph ----------------------------------------------------------------

struct GaussEdge {
  Index a = 0, b = 0;   // the edge's vertices
  glm::dvec3 dir{0.0};  // unit, b - a
  glm::dvec3 na{0.0};   // outward unit normals of its two faces: the arc's ends
  glm::dvec3 nb{0.0};
  glm::dvec3 mid{0.0};   // unit middle of the arc
  double sinHalf = 0.0;  // sine of half the arc's angle
};

struct HullGraph {
  std::vector<glm::dvec3> v;  // vertices, relative to `origin`
  glm::dvec3 origin{0.0};
  std::vector<std::vector<Index>> adjacent;  // vertex neighbours along triangle edges
  std::vector<GaussEdge> edges;              // edges between faces that are not coplanar
  // Every triangle edge with its two face normals (coplanar ones too): for silhouettes.
  struct Side {
    Index a, b;
    glm::dvec3 na, nb;
    bool open;  // only one triangle uses it (a hull that is not closed): always silhouette
  };
  std::vector<Side> sides;
  std::vector<glm::dvec3> faceNormals;  // one per flat face (coplanar triangles merged)
  std::vector<Index> faceVertex;        // a vertex of that face
  std::vector<glm::dvec3> triangleNormals;
  // Where to start climbing (below): the support vertex of the centre direction of each cell
  // of a cube map over the directions, `cells` x `cells` per cube face.
  int cells = 0;
  std::vector<Index> startOf;
};

glm::dvec3 triangleNormal(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
  const glm::dvec3 n = glm::cross(b - a, c - a);
  const double len = glm::length(n);
  return len > 0.0 ? n / len : glm::dvec3(0.0);
}

// Two unit normals of adjacent triangles of one flat face (they differ by rounding only).
bool coplanar(const glm::dvec3& n1, const glm::dvec3& n2) { return glm::dot(n1, n2) > 1.0 - 1e-12; }

struct UnionFind {
  std::vector<Index> parent;
  explicit UnionFind(std::size_t n) : parent(n) {
    for (std::size_t i = 0; i < n; ++i) parent[i] = static_cast<Index>(i);
  }
  Index find(Index i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void unite(Index i, Index j) { parent[find(i)] = find(j); }
};

void buildStarts(HullGraph& g, Index first);  // below, with the climbing

HullGraph buildGraph(const ConvexPolyhedron& hull) {
  HullGraph g;
  const std::size_t n = hull.vertices.size();
  glm::dvec3 sum(0.0);
  for (const glm::dvec3& p : hull.vertices) sum += p;
  g.origin = n ? sum / static_cast<double>(n) : sum;
  g.v.resize(n);
  for (std::size_t i = 0; i < n; ++i) g.v[i] = hull.vertices[i] - g.origin;
  g.adjacent.resize(n);

  // Triangles with area whose indices are in range.
  std::vector<std::array<Index, 3>> tris;
  for (const std::array<std::uint32_t, 3>& t : hull.triangles) {
    if (t[0] >= n || t[1] >= n || t[2] >= n) continue;
    const glm::dvec3 nrm = triangleNormal(g.v[t[0]], g.v[t[1]], g.v[t[2]]);
    if (nrm == glm::dvec3(0.0)) continue;
    tris.push_back({t[0], t[1], t[2]});
    g.triangleNormals.push_back(nrm);
  }

  // Match each directed edge a->b with its twin b->a of the neighbouring triangle.
  std::unordered_map<std::uint64_t, std::size_t> directed;  // (a, b) -> triangle
  directed.reserve(tris.size() * 3);
  const auto key = [](Index a, Index b) { return (static_cast<std::uint64_t>(a) << 32) | b; };
  for (std::size_t t = 0; t < tris.size(); ++t)
    for (std::size_t k = 0; k < 3; ++k) directed.emplace(key(tris[t][k], tris[t][(k + 1) % 3]), t);

  UnionFind faces(tris.size());
  for (std::size_t t = 0; t < tris.size(); ++t) {
    for (std::size_t k = 0; k < 3; ++k) {
      const Index a = tris[t][k], b = tris[t][(k + 1) % 3];
      const auto twin = directed.find(key(b, a));
      if (twin == directed.end()) {  // an open edge: no second face
        g.sides.push_back({a, b, g.triangleNormals[t], g.triangleNormals[t], true});
        g.adjacent[a].push_back(b);
        g.adjacent[b].push_back(a);
        continue;
      }
      if (a > b) continue;  // each undirected edge once
      g.adjacent[a].push_back(b);
      g.adjacent[b].push_back(a);
      const glm::dvec3& na = g.triangleNormals[t];
      const glm::dvec3& nb = g.triangleNormals[twin->second];
      g.sides.push_back({a, b, na, nb, false});
      if (coplanar(na, nb)) {
        faces.unite(static_cast<Index>(t), static_cast<Index>(twin->second));
        continue;
      }
      GaussEdge e;
      e.a = a;
      e.b = b;
      const glm::dvec3 d = g.v[b] - g.v[a];
      const double len = glm::length(d);
      if (!(len > 0.0)) continue;
      e.dir = d / len;
      e.na = na;
      e.nb = nb;
      const glm::dvec3 m = na + nb;
      const double mlen = glm::length(m);
      if (!(mlen > 1e-12)) continue;  // a knife edge (dihedral 180 degrees): no arc
      e.mid = m / mlen;
      // sin(half angle) = |na - nb| / 2.
      e.sinHalf = 0.5 * glm::length(na - nb);
      g.edges.push_back(e);
    }
  }
  for (std::size_t t = 0; t < tris.size(); ++t) {
    if (faces.find(static_cast<Index>(t)) != t) continue;
    g.faceNormals.push_back(g.triangleNormals[t]);
    g.faceVertex.push_back(tris[t][0]);
  }
  if (!tris.empty()) buildStarts(g, tris[0][0]);
  return g;
}

// The vertex farthest along d, by hill climbing over the vertex graph from `start`: on a
// convex polyhedron a vertex that no neighbour beats is the farthest of all.
Index climbFrom(const HullGraph& g, const glm::dvec3& d, Index start) {
  Index cur = start;
  double best = glm::dot(g.v[cur], d);
  for (bool moved = true; moved;) {
    moved = false;
    for (Index w : g.adjacent[cur]) {
      const double s = glm::dot(g.v[w], d);
      if (s > best) {
        best = s;
        cur = w;
        moved = true;
      }
    }
  }
  return cur;
}

// The cube-map cell of a direction: the face of its largest coordinate, then the other two
// coordinates over it, each in [-1, 1], cut into `cells` steps.
std::size_t cellOf(const HullGraph& g, const glm::dvec3& d) {
  const glm::dvec3 m = glm::abs(d);
  const int axis = (m.x >= m.y && m.x >= m.z) ? 0 : (m.y >= m.z ? 1 : 2);
  const int face = 2 * axis + (d[axis] < 0.0 ? 1 : 0);
  const double inv = 1.0 / m[axis];
  const auto step = [&](double c) {
    const int k = static_cast<int>((c * inv + 1.0) * 0.5 * g.cells);
    return static_cast<std::size_t>(std::clamp(k, 0, g.cells - 1));
  };
  const std::size_t n = static_cast<std::size_t>(g.cells);
  return (static_cast<std::size_t>(face) * n + step(d[(axis + 1) % 3])) * n + step(d[(axis + 2) % 3]);
}

// Climbing from the support of the direction's cube-map cell: a step or two on a hull whose
// vertices are spread about as finely as the cells.
Index climb(const HullGraph& g, const glm::dvec3& d) {
  if (!(glm::dot(d, d) > 0.0)) return g.startOf.empty() ? 0 : g.startOf[0];
  return climbFrom(g, d, g.startOf[cellOf(g, d)]);
}

// Fills the cube map: each cell's centre direction climbed from its neighbour's support.
void buildStarts(HullGraph& g, Index first) {
  g.cells = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(g.v.size()))), 2, 64);
  const std::size_t n = static_cast<std::size_t>(g.cells);
  g.startOf.assign(6 * n * n, first);
  Index prev = first;
  for (int face = 0; face < 6; ++face)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const int axis = face / 2;
        glm::dvec3 d(0.0);
        d[axis] = face % 2 ? -1.0 : 1.0;
        d[(axis + 1) % 3] = (static_cast<double>(i) + 0.5) / static_cast<double>(n) * 2.0 - 1.0;
        d[(axis + 2) % 3] = (static_cast<double>(j) + 0.5) / static_cast<double>(n) * 2.0 - 1.0;
        prev = g.startOf[cellOf(g, d)] = climbFrom(g, d, prev);
      }
}

// ---- Minimum-area rectangle of a convex polygon (rotating calipers) ------------------

struct Point2 {
  double x, y;
};

double cross2(const Point2& o, const Point2& a, const Point2& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// Andrew's monotone chain: the convex hull of the points, counter-clockwise, without
// collinear points. Sorts `p`.
std::vector<Point2> convexHull2(std::vector<Point2>& p) {
  std::sort(p.begin(), p.end(),
            [](const Point2& a, const Point2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (p.size() < 3) return p;
  std::vector<Point2> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {  // lower chain
    while (k >= 2 && cross2(h[k - 2], h[k - 1], p[i]) <= 0.0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && cross2(h[k - 2], h[k - 1], p[i]) <= 0.0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

// The smallest-area rectangle around a convex polygon has a side along one of the polygon's
// edges (Freeman and Shapira 1975, "Determining the minimum-area encasing rectangle for an
// arbitrary closed curve"). For each edge in turn, three calipers, the farthest vertex along
// the edge, the nearest and the farthest from the edge's line, each only move forward as the
// edges turn (Toussaint 1983, "Solving geometric problems with the rotating calipers").
// Returns the area and the unit direction of the rectangle's first side.
struct Rect2 {
  double area = 0.0;
  Point2 dir{1.0, 0.0};
};

Rect2 minAreaRectangle(const std::vector<Point2>& h) {
  Rect2 best;
  const std::size_t m = h.size();
  if (m < 2) return best;
  if (m == 2) {  // a segment: zero area, along it
    const double dx = h[1].x - h[0].x, dy = h[1].y - h[0].y, len = std::hypot(dx, dy);
    if (len > 0.0) best.dir = {dx / len, dy / len};
    return best;
  }
  const auto dot2 = [](const Point2& p, double ux, double uy) { return p.x * ux + p.y * uy; };
  best.area = std::numeric_limits<double>::infinity();
  std::size_t far = 0, hi = 0, lo = 0;  // farthest from the edge's line, max and min along it
  bool started = false;
  for (std::size_t i = 0; i < m; ++i) {
    const Point2& p = h[i];
    const Point2& q = h[(i + 1) % m];
    const double len = std::hypot(q.x - p.x, q.y - p.y);
    if (!(len > 0.0)) continue;
    const double ux = (q.x - p.x) / len, uy = (q.y - p.y) / len;  // along the edge
    const double nx = -uy, ny = ux;                               // inwards (counter-clockwise)
    if (!started) {                                               // the first edge: a full scan places the calipers
      started = true;
      for (std::size_t k = 0; k < m; ++k) {
        if (dot2(h[k], nx, ny) > dot2(h[far], nx, ny)) far = k;
        if (dot2(h[k], ux, uy) > dot2(h[hi], ux, uy)) hi = k;
        if (dot2(h[k], ux, uy) < dot2(h[lo], ux, uy)) lo = k;
      }
    }
    // Each caliper moves on while the next vertex is farther in its direction.
    for (std::size_t s = 0; s < m && dot2(h[(far + 1) % m], nx, ny) > dot2(h[far], nx, ny); ++s) far = (far + 1) % m;
    for (std::size_t s = 0; s < m && dot2(h[(hi + 1) % m], ux, uy) > dot2(h[hi], ux, uy); ++s) hi = (hi + 1) % m;
    for (std::size_t s = 0; s < m && dot2(h[(lo + 1) % m], ux, uy) < dot2(h[lo], ux, uy); ++s) lo = (lo + 1) % m;
    const double width = dot2(h[hi], ux, uy) - dot2(h[lo], ux, uy);
    const double height = dot2(h[far], nx, ny) - dot2(p, nx, ny);
    const double area = width * height;
    if (area < best.area) {
      best.area = area;
      best.dir = {ux, uy};
    }
  }
  if (!std::isfinite(best.area)) best.area = 0.0;
  return best;
}

// ---- Candidate boxes ---------------------------------------------------------------------

struct Candidate {
  double volume = std::numeric_limits<double>::infinity();
  glm::dvec3 n1{1, 0, 0}, n2{0, 1, 0};  // two of the box's axes; the third is n1 x n2
};

// The box on the frame (n1, n2 made perpendicular to it, n1 x n2): its volume from the six
// support vertices, each found by climbing. Every candidate is measured so, on exactly the
// axes the final box uses, so a candidate's volume is that box's volume, whatever led to
// the frame.
void measureFrame(const HullGraph& g, glm::dvec3 n1, glm::dvec3 n2, Candidate& best) {
  const double l1 = glm::length(n1);
  if (!(l1 > 0.0)) return;
  n1 /= l1;
  n2 -= glm::dot(n2, n1) * n1;
  const double l2 = glm::length(n2);
  if (!(l2 > 1e-9)) return;  // n2 was (nearly) along n1: no frame
  n2 /= l2;
  const glm::dvec3 n[3] = {n1, n2, glm::cross(n1, n2)};
  double volume = 1.0;
  for (int i = 0; i < 3; ++i) {
    volume *= std::max(0.0, glm::dot(g.v[climb(g, n[i])] - g.v[climb(g, -n[i])], n[i]));
  }
  if (volume < best.volume) {
    best.volume = volume;
    best.n1 = n1;
    best.n2 = n2;
  }
}

// The best box with one axis along the unit vector n (a face normal): the second axis along
// the side of the minimum-area rectangle of the hull's outline seen along n, then measured
// as every candidate. The outline's vertices are ends of silhouette edges, where one face
// turns towards n and the other away (with a small allowance, so faces parallel to n count).
struct FaceSearch {
  const HullGraph& g;
  std::vector<std::uint32_t> stamp;
  std::uint32_t round = 0;
  std::vector<Point2> pts;

  explicit FaceSearch(const HullGraph& graph) : g(graph), stamp(graph.v.size(), 0) {}

  void run(const glm::dvec3& n, Candidate& best) {
    const glm::dmat3 frame = detail::frameAround(n);
    const glm::dvec3 u = frame[1], w = frame[2];
    ++round;
    pts.clear();
    const auto add = [&](Index i) {
      if (stamp[i] == round) return;
      stamp[i] = round;
      pts.push_back({glm::dot(g.v[i], u), glm::dot(g.v[i], w)});
    };
    constexpr double kAllow = 1e-9;
    for (const HullGraph::Side& s : g.sides) {
      const double da = glm::dot(s.na, n), db = glm::dot(s.nb, n);
      if (s.open || (std::min(da, db) <= kAllow && std::max(da, db) >= -kAllow)) {
        add(s.a);
        add(s.b);
      }
    }
    const Rect2 r = minAreaRectangle(convexHull2(pts));
    measureFrame(g, n, r.dir.x * u + r.dir.y * w, best);
  }
};

// ---- The edge families (Jylanki 2015) -----------------------------------------------------

// A direction that moves with the family's parameter t: D(t) = c0 + t c1 + t^2 c2.
struct MovingDir {
  glm::dvec3 c0{0.0}, c1{0.0}, c2{0.0};
  glm::dvec3 at(double t) const { return c0 + t * (c1 + t * c2); }
};

// Narrows [lo, hi] to the t where c0 + t c1 >= -allow.
void keepNonNegative(double c0, double c1, double allow, double& lo, double& hi) {
  if (c1 == 0.0) {
    if (c0 < -allow) hi = lo - 1.0;  // empty
    return;
  }
  const double root = (-allow - c0) / c1;
  if (c1 > 0.0)
    lo = std::max(lo, root);
  else
    hi = std::min(hi, root);
}

// The first t in [t0, t1] where the quadratic a t^2 + b t + c rises through zero; +inf if
// none. A root at t0 itself counts (a support can change right at the start of a range, or
// twice at one t); the move just made cannot be undone there, because from the new vertex
// the old one's quadratic is the negated one, falling at that root.
double firstRise(double a, double b, double c, double t0, double t1) {
  constexpr double kBack = 1e-12;  // rounding of a root found at t0 by the previous step
  // Most neighbours stay behind over the whole range: when the quadratic's largest value on
  // [t0, t1] (at an end, or at its top t = -b / 2a if that is inside) is not above zero, it
  // has no rise there, and no square root is needed to say so.
  const auto at = [&](double t) { return (a * t + b) * t + c; };
  double top = std::max(at(t0 - kBack), at(t1));
  if (a < 0.0) {
    const double peak = -b / (2.0 * a);
    if (peak > t0 - kBack && peak < t1) top = std::max(top, at(peak));
  }
  if (top < 0.0) return std::numeric_limits<double>::infinity();
  double roots[2];
  int count = 0;
  if (a == 0.0) {
    if (b > 0.0) roots[count++] = -c / b;
  } else {
    const double disc = b * b - 4.0 * a * c;
    if (disc < 0.0) return std::numeric_limits<double>::infinity();
    // Stable roots: q = -(b + sign(b) sqrt(disc)) / 2, roots q / a and c / q.
    const double q = -0.5 * (b + std::copysign(std::sqrt(disc), b));
    roots[count++] = q / a;
    if (q != 0.0) roots[count++] = c / q;
  }
  double first = std::numeric_limits<double>::infinity();
  for (int i = 0; i < count; ++i) {
    const double r = roots[i];
    if (!(r >= t0 - kBack && r <= t1) || r >= first) continue;
    if (2.0 * a * r + b > 0.0) first = r;  // rising through zero
  }
  return first;
}

struct EdgeFamilies {
  const HullGraph& g;
  Candidate& best;
  EdgeFamilies(const HullGraph& graph, Candidate& bestSoFar) : g(graph), best(bestSoFar) {}
  std::size_t families = 0;
  std::size_t events = 0;
  std::vector<std::pair<double, Index>> opposite;  // e1's -n1 support steps (walkOpposite)
  static constexpr double kSame = 1e-12;           // two t this close are one

  // The family of boxes whose face n1 holds e1 and whose face n2 holds e2, for t in [t0, t1]:
  //   n1(t) = na1 + t (nb1 - na1)       (on e1's arc; length not 1, which does not matter)
  //   n2(t) = s n1(t) x dir2             (perpendicular to n1 and to e2, on e2's arc)
  //   n3(t) = n1(t) x n2(t).
  // Faces n1 and n2 keep their edges' vertices as supports. The supports of -n1, -n2, n3 and
  // -n3 are walked: at each t where one of them changes from a vertex to its neighbour, the
  // edge between them lies on that face (Jylanki's third edge), and the box is measured
  // there, as at both ends of the family (where n1 or n2 reaches a face normal).
  void walk(const GaussEdge& e1, const GaussEdge& e2, double s, double t0, double t1) {
    ++families;
    const glm::dvec3 p0 = e1.na, p1 = e1.nb - e1.na;
    const glm::dvec3 u0 = s * glm::cross(p0, e2.dir), u1 = s * glm::cross(p1, e2.dir);
    MovingDir dirs[4];
    dirs[0] = {-p0, -p1, glm::dvec3(0.0)};
    dirs[1] = {-u0, -u1, glm::dvec3(0.0)};
    dirs[2] = {glm::cross(p0, u0), glm::cross(p0, u1) + glm::cross(p1, u0), glm::cross(p1, u1)};
    dirs[3] = {-dirs[2].c0, -dirs[2].c1, -dirs[2].c2};

    // The support of -n1 does not depend on e2: it comes from e1's list (walkOpposite), the
    // step in force at t0 first. The other three are walked here, each starting at the
    // support a hair past t0 (where two vertices tie at t0, the one that leads after it).
    Index cur[4];
    std::size_t nextOpposite = 0;
    while (nextOpposite + 1 < opposite.size() && opposite[nextOpposite + 1].first <= t0) ++nextOpposite;
    cur[0] = opposite[nextOpposite++].second;
    for (int k = 1; k < 4; ++k) cur[k] = climb(g, dirs[k].at(std::min(t1, t0 + 1e-9)));
    measure(e1, e2, p0, p1, u0, u1, cur, t0);

    double t = t0;
    // Several supports can change at one t (a vertex of the Gauss map), but only a few times
    // each; more steps without moving on in t are rounding going round in a circle.
    std::size_t stalls = 0;
    for (std::size_t step = 0; step < 4 * g.v.size() + 16 && t < t1 - kSame && stalls < 32; ++step) {
      // The next change of support among the four walks.
      double next = std::numeric_limits<double>::infinity();
      int which = -1;
      Index to = 0;
      if (nextOpposite < opposite.size() && opposite[nextOpposite].first <= t1) {
        next = opposite[nextOpposite].first;
        which = 0;
        to = opposite[nextOpposite].second;
      }
      for (int k = 1; k < 4; ++k)
        if (nextStep(dirs[k], cur[k], t, t1, next, to)) which = k;
      if (which < 0) break;
      if (which == 0) ++nextOpposite;
      stalls = next <= t + kSame ? stalls + 1 : 0;
      t = std::max(t, next);
      cur[which] = to;
      ++events;
      measure(e1, e2, p0, p1, u0, u1, cur, t);
    }
    measure(e1, e2, p0, p1, u0, u1, cur, t1);
  }

  // The next change of the support `cur` of the moving direction `dir` after t (up to t1):
  // if it comes before `next`, sets next and `to` (the neighbour that takes over) and says so.
  bool nextStep(const MovingDir& dir, Index cur, double t, double t1, double& next, Index& to) const {
    bool found = false;
    const glm::dvec3& vk = g.v[cur];
    const double dirScaleSq =
        9.0 * std::max({glm::dot(dir.c0, dir.c0), glm::dot(dir.c1, dir.c1), glm::dot(dir.c2, dir.c2)});
    const double ahead = std::min(t1, t + 1e-9);
    for (Index w : g.adjacent[cur]) {
      const glm::dvec3 d = g.v[w] - vk;
      const double a = glm::dot(d, dir.c2), b = glm::dot(d, dir.c1), c = glm::dot(d, dir.c0);
      // An edge across the direction for the whole range (both ends tie throughout, as
      // parallel edges of a box do): its quadratic is rounding noise, not an event.
      const double size = std::fabs(a) + std::fabs(b) + std::fabs(c);
      if (size * size <= 1e-24 * glm::dot(d, d) * dirScaleSq) continue;
      // A neighbour already ahead a hair past t (rounding left the walk behind, or two
      // vertices tie at t and this one leads after it) is taken at once.
      const double r = (a * ahead + b) * ahead + c > 0.0 ? t : firstRise(a, b, c, t, t1);
      if (r < next) {
        next = r;
        to = w;
        found = true;
      }
    }
    return found;
  }

  // The support of -n1(t) over all of e1's arc, t in [0, 1], as (t, vertex) steps: the vertex
  // holds from its t on. Walked once per e1, for all of its families.
  void walkOpposite(const GaussEdge& e1) {
    opposite.clear();
    const MovingDir dir{-e1.na, -(e1.nb - e1.na), glm::dvec3(0.0)};
    Index cur = climb(g, dir.at(1e-9));
    opposite.push_back({0.0, cur});
    double t = 0.0;
    std::size_t stalls = 0;
    for (std::size_t step = 0; step < g.v.size() + 16 && t < 1.0 - kSame && stalls < 32; ++step) {
      double next = std::numeric_limits<double>::infinity();
      Index to = 0;
      if (!nextStep(dir, cur, t, 1.0, next, to)) break;
      stalls = next <= t + kSame ? stalls + 1 : 0;
      t = std::max(t, next);
      cur = to;
      opposite.push_back({t, cur});
    }
  }

  // The box at t: a quick volume from the walk's supports and the two edges' vertices. A
  // support that is not the farthest only shortens a width, so this is never above the true
  // volume on those axes, and only a box that may beat the best so far is measured in full
  // (measureFrame, which the result then rests on).
  void measure(const GaussEdge& e1, const GaussEdge& e2, const glm::dvec3& p0, const glm::dvec3& p1,
               const glm::dvec3& u0, const glm::dvec3& u1, const Index cur[4], double t) {
    const glm::dvec3 d1 = p0 + t * p1, d2 = u0 + t * u1, d3 = glm::cross(d1, d2);
    const double w1 = glm::dot(g.v[e1.a] - g.v[cur[0]], d1);
    const double w2 = glm::dot(g.v[e2.a] - g.v[cur[1]], d2);
    const double w3 = glm::dot(g.v[cur[2]] - g.v[cur[3]], d3);
    // |d3| = |d1| |d2| (d2 is perpendicular to d1), so the product over |d1 d2|^2 is the volume.
    const double scale = glm::dot(d1, d1) * glm::dot(d2, d2);
    const double quick = std::max(0.0, w1) * std::max(0.0, w2) * std::max(0.0, w3);
    if (quick < best.volume * scale * (1.0 + 1e-9) || !(scale > 0.0)) measureFrame(g, d1, d2, best);
  }

  // Every pair of sidepodal edges, each family walked (one or two ranges of t per pair,
  // one for each sign s that puts n2 on e2's arc).
  void run() {
    const std::size_t m = g.edges.size();
    constexpr double kAllow = 1e-9;  // reach past an arc's end by rounding
    // The arcs' middles and half-angle sines side by side (x, y, z, sine), so the quick test
    // below runs over a small array.
    std::vector<double> arcs(4 * m);
    for (std::size_t i = 0; i < m; ++i) {
      arcs[4 * i] = g.edges[i].mid.x;
      arcs[4 * i + 1] = g.edges[i].mid.y;
      arcs[4 * i + 2] = g.edges[i].mid.z;
      arcs[4 * i + 3] = g.edges[i].sinHalf + kAllow;
    }
    for (std::size_t i = 0; i < m; ++i) {
      const GaussEdge& e1 = g.edges[i];
      walkOpposite(e1);
      const double* a = &arcs[4 * i];
      for (std::size_t j = i + 1; j < m; ++j) {
        // Quick rejection: n1 is within the half angle r1 of mid1, n2 within r2 of mid2, so
        // n1 . n2 = 0 needs |mid1 . mid2| <= sin(r1 + r2) <= sin r1 + sin r2.
        const double* b = &arcs[4 * j];
        if (std::fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) > a[3] + b[3]) continue;
        const GaussEdge& e2 = g.edges[j];
        // n2 = s u(t), u(t) = n1(t) x dir2 = alpha(t) na2 + beta(t) nb2 in e2's plane; both
        // coefficients are linear in t and must have the sign s (>= 0 times s).
        const glm::dvec3 u0 = glm::cross(e1.na, e2.dir), u1 = glm::cross(e1.nb - e1.na, e2.dir);
        const double orient = glm::dot(glm::cross(e2.na, e2.nb), e2.dir);
        if (!(std::fabs(orient) > 0.0)) continue;
        const double a0 = glm::dot(glm::cross(u0, e2.nb), e2.dir) / orient;
        const double a1 = glm::dot(glm::cross(u1, e2.nb), e2.dir) / orient;
        const double b0 = glm::dot(glm::cross(e2.na, u0), e2.dir) / orient;
        const double b1 = glm::dot(glm::cross(e2.na, u1), e2.dir) / orient;
        for (double s : {1.0, -1.0}) {
          double lo = 0.0, hi = 1.0;
          keepNonNegative(s * a0, s * a1, kAllow, lo, hi);
          keepNonNegative(s * b0, s * b1, kAllow, lo, hi);
          if (lo <= hi) walk(e1, e2, s, std::max(0.0, lo), std::min(1.0, hi));
        }
      }
    }
  }
};

// ---- Flat hulls ----------------------------------------------------------------------------

// The minimum box of a flat hull: zero thickness along the plane's normal n, and the
// minimum-area rectangle of the vertices in the plane.
Candidate flatBox(const HullGraph& g, const glm::dvec3& n) {
  const glm::dmat3 frame = detail::frameAround(n);
  std::vector<Point2> pts;
  pts.reserve(g.v.size());
  for (const glm::dvec3& p : g.v) pts.push_back({glm::dot(p, frame[1]), glm::dot(p, frame[2])});
  const Rect2 r = minAreaRectangle(convexHull2(pts));
  Candidate c;
  c.volume = 0.0;
  c.n1 = n;
  c.n2 = r.dir.x * frame[1] + r.dir.y * frame[2];
  return c;
}

}  // namespace

Obb minimumObb(const ConvexPolyhedron& hull, MinimumObbStats* stats) {
  MinimumObbStats local;
  MinimumObbStats& st = stats ? *stats : local;
  st = MinimumObbStats{};
  for (const glm::dvec3& p : hull.vertices)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return Obb{};

  const HullGraph g = buildGraph(hull);
  Candidate best;
  if (g.triangleNormals.empty()) {  // collinear, a point, none
    Obb box = detail::segmentBox(hull.vertices);
    detail::containInFloat(box, hull.vertices);
    return box;
  }

  bool flat = true;
  for (const glm::dvec3& n : g.triangleNormals)
    flat = flat && std::fabs(glm::dot(n, g.triangleNormals[0])) > 1.0 - 1e-9;
  if (flat || g.edges.empty()) {
    best = flatBox(g, g.triangleNormals[0]);
    st.flat = true;
  } else {
    // A box face flush with each hull face in turn.
    FaceSearch faces(g);
    for (const glm::dvec3& n : g.faceNormals) faces.run(n, best);
    st.faces = g.faceNormals.size();
    // Every family of boxes with two sidepodal edges on adjacent faces.
    EdgeFamilies fam(g, best);
    fam.run();
    st.edges = g.edges.size();
    st.families = fam.families;
    st.events = fam.events;
  }

  // The box on the best axes, from all the vertices (so it holds every one of them).
  const glm::dvec3 n1 = glm::normalize(best.n1);
  const glm::dvec3 n2 = glm::normalize(best.n2 - glm::dot(best.n2, n1) * n1);
  const glm::dmat3 axes(n1, n2, glm::cross(n1, n2));
  Obb box = detail::obbOnAxes(axes, g.origin, [&](auto project) {
    for (const glm::dvec3& p : hull.vertices) project(p);
  });
  detail::containInFloat(box, hull.vertices);
  return box;
}

Obb minimumObb(const ConvexPolyhedron& hull) { return minimumObb(hull, nullptr); }

}  // namespace satlab
