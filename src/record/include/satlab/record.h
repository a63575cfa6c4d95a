/* satlab::record: an engine's colliders, frame by frame, as a satlab recording
 * (docs/recording-format.md, version 2), written to a file or streamed live to a running
 * satlab over TCP on 127.0.0.1. A C API, usable from C and C++; <satlab/record.hpp> wraps it
 * in a C++ class. It needs the C++ standard library and POSIX sockets, nothing else.
 *
 *   satlab_recorder* r = satlab_record_open("crash.jsonl", "Crates through the floor");
 *   satlab_record_set_engine(r, "Bullet 3.24");
 *   satlab_shape_info floor = {"floor", NULL, 0.04f, NULL};
 *   satlab_record_aabb(r, &floor, center, half_extents);        // before the first frame:
 *   for (each step) {                                            // the static list
 *     satlab_record_begin_frame(r, step, step / 60.0);
 *     satlab_shape_info crate = {"crate", NULL, 0.04f, NULL};
 *     satlab_record_obb(r, &crate, center, half_extents, quaternion_wxyz);
 *     satlab_record_end_frame(r);                                // one whole line, one write
 *   }
 *   if (satlab_record_close(r) != SATLAB_RECORD_OK) ...;         // frees r
 *
 * Order. Settings (engine, tolerance, expectations) and static shapes come first: every
 * shape recorded before the first satlab_record_begin_frame goes to the header's "static"
 * list (present in every frame, never moving). The header line is written when the first
 * frame begins. Then each frame is begin_frame, its shapes, its contacts (each naming shapes
 * of this frame or static ones), end_frame. The frame's line is built in memory and written
 * whole at end_frame, so a reader never sees half a frame.
 *
 * Errors. Every call returns SATLAB_RECORD_OK (0) or an error code. A rejected call (a bad
 * argument, a call out of order, a limit) writes nothing and changes nothing but the error
 * text; the recording goes on. A failed write (disk full, satlab closed the connection) or
 * a failed open is final: that call and every later one return SATLAB_RECORD_IO, and
 * satlab_record_close returns it too. satlab_record_error names the call and the reason
 * ("satlab_record_sphere: shape \"ball\": radius must be >= 0 (got -1)"). Nothing here
 * aborts, throws or raises SIGPIPE. A NULL recorder is refused with
 * SATLAB_RECORD_BAD_ARGUMENT.
 *
 * Units and frames: world space, in the engine's units (metres); quaternions are
 * [w, x, y, z], unit within 1e-3; every number finite, every coordinate within |v| <= 1e9
 * (the range satlab's tests are exact for). Numbers are written as `%.9g` of a float, so
 * a float written is the float read back. Names: 1 to 256 bytes of UTF-8 without control
 * characters, unique within a frame (statics included). A recorder is not thread-safe: one
 * thread at a time.
 */
#ifndef SATLAB_RECORD_H
#define SATLAB_RECORD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a call returns. */
enum satlab_record_status {
  SATLAB_RECORD_OK = 0,
  SATLAB_RECORD_BAD_ARGUMENT = 1, /* NaN, infinity, out of range, a bad or repeated name */
  SATLAB_RECORD_OUT_OF_ORDER = 2, /* e.g. a contact outside a frame, a mesh in a frame */
  SATLAB_RECORD_LIMIT = 3,        /* too many shapes or points; a line over 16 MiB */
  SATLAB_RECORD_IO = 4            /* the file or connection failed: final */
};

/* The recording format version written (the header's "recording"). */
#define SATLAB_RECORD_FORMAT_VERSION 2
/* satlab's port for live recordings. */
#define SATLAB_RECORD_DEFAULT_PORT 47410
/* Most bytes in a name or a group; most points in a contact. */
#define SATLAB_RECORD_MAX_NAME_BYTES 256
#define SATLAB_RECORD_MAX_CONTACT_POINTS 16

typedef struct satlab_recorder satlab_recorder;

/* What every shape call takes besides its geometry. */
typedef struct satlab_shape_info {
  const char* name;  /* required: 1 to 256 bytes of UTF-8, no control characters */
  const char* group; /* NULL or "": none; else a name of the same rules ("group") */
  float margin;      /* >= 0: the engine's rounding radius, its shape is this one grown by it
                        (Bullet's collision margin); 0 is not written */
  const float* rgba; /* NULL: satlab's palette; else 4 numbers in [0, 1] ("color") */
} satlab_shape_info;

/* A recording to the file at `path` (created or truncated) with this title (NULL: "";
 * at most 4096 bytes). Never NULL but when memory runs out: when the file cannot be
 * created the recorder is failed (every call returns SATLAB_RECORD_IO and
 * satlab_record_error says why); close it all the same. */
satlab_recorder* satlab_record_open(const char* path, const char* title);

/* A live recording, streamed to a satlab listening on `host` (NULL, "127.0.0.1" or
 * "localhost": only this machine; any other address is refused) at `port` (0: the default,
 * 47410). Blocks until connected. Failed as satlab_record_open is when the address is
 * refused or nothing listens there. */
satlab_recorder* satlab_record_connect(const char* host, int port, const char* title);

/* Header settings: before the first frame. */
/* The engine and its version, e.g. "Bullet 3.24" (at most 4096 bytes). */
int satlab_record_set_engine(satlab_recorder* r, const char* engine);
/* Overlaps and gaps at or below `metres` (>= 0) count as touching. */
int satlab_record_set_tolerance(satlab_recorder* r, float metres);
/* An expectation: shapes a and b (different names) overlap or not in every frame with
 * both; with `max_depth` >= 0, an overlap deeper than it breaks it (negative: none). */
int satlab_record_expect(satlab_recorder* r, const char* a, const char* b, int overlap, float max_depth);

/* Whether the engine reports its contacts in every frame (on != 0): then each frame's line
 * carries "contacts", [] when the engine reported none (every pair apart). Off (the
 * default): a frame has "contacts" only when it has a contact. Any time outside a frame. */
int satlab_record_set_reports_contacts(satlab_recorder* r, int on);

/* Shapes: static before the first frame, else shapes of the open frame. Arrays are [x,y,z]. */
int satlab_record_aabb(satlab_recorder* r, const satlab_shape_info* s, const float center[3],
                       const float half_extents[3]);
/* A box turned by `quaternion` [w, x, y, z]; half extents along its own axes. */
int satlab_record_obb(satlab_recorder* r, const satlab_shape_info* s, const float center[3],
                      const float half_extents[3], const float quaternion[4]);
int satlab_record_sphere(satlab_recorder* r, const satlab_shape_info* s, const float center[3], float radius);
/* The points p0 + t (p1 - p0), t in [0, 1]. */
int satlab_record_segment(satlab_recorder* r, const satlab_shape_info* s, const float p0[3], const float p1[3]);
/* The points within `radius` of the segment p0-p1. */
int satlab_record_capsule(satlab_recorder* r, const satlab_shape_info* s, const float p0[3], const float p1[3],
                          float radius);
/* `points`: 3 points, 9 floats. */
int satlab_record_triangle(satlab_recorder* r, const satlab_shape_info* s, const float points[9]);
/* The convex hull of `count` (1 to 100,000) points, 3 floats each, in its own frame, placed
 * at center + R(quaternion) p; center NULL: the origin, quaternion NULL: no turn. */
int satlab_record_hull(satlab_recorder* r, const satlab_shape_info* s, const float* points, size_t count,
                       const float center[3], const float quaternion[4]);
/* Triangles (3 indices each, < vertex_count) over vertices (3 floats each) in the mesh's own
 * frame, placed as a hull is. Static only: before the first frame. At least one of each;
 * at most 8,000,000 vertices and 4,000,000 triangles. */
int satlab_record_mesh(satlab_recorder* r, const satlab_shape_info* s, const float* vertices, size_t vertex_count,
                       const uint32_t* triangles, size_t triangle_count, const float center[3],
                       const float quaternion[4]);

/* Frames. `number`: the engine's frame number, 0 to 2^53, strictly increasing; `time`:
 * seconds, finite, never decreasing (written with 9 significant digits). The first call
 * writes the header. */
int satlab_record_begin_frame(satlab_recorder* r, int64_t number, double time);
/* The engine's verdict for shapes a and b of this frame (or static; different names, each
 * pair once a frame), after the shapes it names. touching != 0: `value` is the depth,
 * else the distance, either >= 0. `normal`: unit (within 1e-3), from a to b. `points`:
 * `count` (0 to 16) points, 3 floats each (NULL when 0). Once a frame has a contact, a
 * pair it does not list is one the engine calls apart. */
int satlab_record_contact(satlab_recorder* r, const char* a, const char* b, int touching, float value,
                          const float normal[3], const float* points, size_t count);
/* Writes the frame's line. */
int satlab_record_end_frame(satlab_recorder* r);

/* Ends an open frame (as satlab_record_end_frame), writes the header when no frame was
 * written and closes the file or connection (closing the connection ends a live
 * recording). Returns SATLAB_RECORD_OK when every line was written (calls refused along the
 * way do not count), else SATLAB_RECORD_IO, with satlab_record_error saying why. `r` stays
 * for satlab_record_error until satlab_record_close; any other call on it returns
 * SATLAB_RECORD_OUT_OF_ORDER. */
int satlab_record_finish(satlab_recorder* r);
/* satlab_record_finish when it was not called, then frees `r` (NULL: nothing). Returns
 * what satlab_record_finish returned. */
int satlab_record_close(satlab_recorder* r);

/* The text of the last error ("" when none): the call's name and the reason. Valid until
 * the next call on `r` that fails. */
const char* satlab_record_error(const satlab_recorder* r);
/* The code of the last failed call (SATLAB_RECORD_OK when none failed). */
int satlab_record_last_status(const satlab_recorder* r);

#ifdef __cplusplus
}
#endif

#endif /* SATLAB_RECORD_H */
