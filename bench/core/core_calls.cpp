// The definitions of core_calls.hpp: the core's calls, compiled apart from the benchmarks'
// textbook code (core_calls.hpp says why).
#include "core/core_calls.hpp"

namespace satlab::bench {
namespace {

// One recorder of each kind per thread, reused (each *Begin clears it), as the explorers
// reuse theirs. The traced calls return the whole result, as the rich ones do, so neither
// can drop work the other does.
template <class Rec>
Rec& recorder() {
  static thread_local Rec rec;
  return rec;
}

}  // namespace

#define SATLAB_DEFINE_CORE_CALL(name, A, B, Result, expr) \
  Result name(const A& a, const B& b) { return expr; }
SATLAB_CORE_CALLS_3D(SATLAB_DEFINE_CORE_CALL)
SATLAB_CORE_CALLS_2D(SATLAB_DEFINE_CORE_CALL)
SATLAB_CORE_CALLS_SWEPT(SATLAB_DEFINE_CORE_CALL)
SATLAB_CORE_CALLS_CAPSULE(SATLAB_DEFINE_CORE_CALL)
SATLAB_CORE_CALLS_GJK(SATLAB_DEFINE_CORE_CALL)
#undef SATLAB_DEFINE_CORE_CALL

}  // namespace satlab::bench
