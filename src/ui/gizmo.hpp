// On-screen handles that move, rotate and resize the selected shape.
//
//   Move (W):   three axis arrows, three plane squares, and the centre (free move in the
//               view plane).
//   Rotate (E): three rings about the gizmo's axes, plus free (trackball) rotation inside
//               them. OBBs rotate about their centre, segments about their midpoint; AABBs
//               and spheres have no rotation.
//   Resize (R): a handle on each box face (symmetric about the centre) or on a sphere's rim.
// A segment's two end points always have their own handles.
// World/Local: the axes are world X, Y, Z or, for an OBB, its own axes.
// Snapping (Ctrl): moves and sizes in steps of 0.25 units, rotations in steps of 15 degrees.
// In the 2D view only X, Y, the XY plane and rotation about Z are offered.
#pragma once

#include "document/scene.hpp"
#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "ui/picking.hpp"

namespace satlab {

enum class GizmoMode { Move, Rotate, Resize };
enum class GizmoSpace { World, Local };

inline constexpr float kSnapDistance = 0.25f;
inline constexpr float kSnapAngleDeg = 15.0f;

struct GizmoInput {
  glm::vec2 mousePx{0.0f};  // framebuffer pixels, origin top left
  bool pressed = false;     // left button went down this frame (and the UI did not take it)
  bool down = false;        // left button is held
  bool snap = false;        // Ctrl held
};

class Gizmo {
 public:
  GizmoMode mode = GizmoMode::Move;
  GizmoSpace space = GizmoSpace::World;
  bool planar = false;  // the 2D view
  /// Drawn only while the cursor is near it (within its arrows' reach on screen, or on one
  /// of its handles) or a handle is being dragged. For a shape an explorer draws its picture
  /// around: the gizmo's red, green and blue arrows would sit on the explorer's own per-axis
  /// lines (lesson 2's clamp steps end at the sphere's centre, where the gizmo is) until the
  /// user reaches for them. Handles still work as ever once the cursor is near.
  bool revealOnApproach = false;

  /// Hover and drag handling for `shape`. Returns true when the gizmo owns the mouse this
  /// frame (a handle was pressed or is being dragged); the camera must then leave it alone.
  /// `changed` is set when the shape was modified.
  bool update(SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera, const GizmoInput& in,
              bool& changed);
  void draw(LineBatch& lines, const SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera) const;

  bool dragging() const { return active_ != Handle::None; }
  bool hovering() const { return hover_ != Handle::None; }
  /// Whether draw() draws anything this frame (see revealOnApproach).
  bool shown() const { return !revealOnApproach || dragging() || hovering() || near_; }
  /// The cursor left the view (it is over a panel): nothing is hovered or near.
  void leave() { hover_ = Handle::None, near_ = false; }
  /// True on the frame a drag ended (one undo step).
  bool finishedDrag() const { return finished_; }
  void cancel() { active_ = Handle::None; }

 private:
  enum class Handle {
    None,
    AxisX,
    AxisY,
    AxisZ,
    PlaneYZ,
    PlaneZX,
    PlaneXY,
    Center,
    RingX,
    RingY,
    RingZ,
    Trackball,
    FacePosX,
    FaceNegX,
    FacePosY,
    FaceNegY,
    FacePosZ,
    FaceNegZ,
    Radius,
    End0,
    End1,
  };

  struct Frame {
    glm::vec3 center{0.0f};
    glm::mat3 axes{1.0f};
    float size = 1.0f;         // world length of an arrow (a fixed number of pixels)
    glm::vec3 right{1, 0, 0};  // camera right and up in world space
    glm::vec3 up{0, 0, 1};
    glm::vec3 forward{0, 1, 0};
  };

  Frame frameFor(const SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera) const;
  Handle hitTest(const SceneShape& shape, const Frame& f, const ViewMapping& view, const glm::vec2& px) const;
  bool offers(Handle h, const SceneShape& shape) const;
  void drag(SceneShape& shape, const ViewMapping& view, const GizmoInput& in);

  Handle hover_ = Handle::None;
  Handle active_ = Handle::None;
  bool near_ = false;  // the cursor was within the gizmo's reach at the last update
  bool finished_ = false;
  SceneShape start_;  // the shape when the drag began
  Frame startFrame_;
  glm::vec2 startMouse_{0.0f};
  glm::vec3 startHit_{0.0f};
  float startParam_ = 0.0f;
};

}  // namespace satlab
