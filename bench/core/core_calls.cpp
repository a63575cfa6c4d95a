// The definitions of core_calls.hpp: the core's rich and traced calls, compiled apart from
// the benchmark's textbook code (core_calls.hpp says why).
#include "core/core_calls.hpp"

namespace satlab::bench {
namespace {

// Traced: one recorder per benchmark thread, reused (each *Begin clears it), as the
// explorers reuse theirs. The whole result is returned, as by the untraced rich variant, so
// neither can drop work the other does.
template <class Rec>
Rec& recorder() {
  static thread_local Rec rec;
  return rec;
}
const SatOptions kFull{SatMode::Full, kDefaultSatEpsilon};

}  // namespace

#define SATLAB_DEFINE_CORE_CALL(name, A, B, Result, expr) \
  Result name(const A& a, const B& b) { return expr; }
SATLAB_CORE_CALLS(SATLAB_DEFINE_CORE_CALL)
#undef SATLAB_DEFINE_CORE_CALL

}  // namespace satlab::bench
