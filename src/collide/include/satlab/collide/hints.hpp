// satlab collision core (internal): code-generation hints for the few functions whose speed
// depends on how they are inlined. Code generation only; no result changes.
#pragma once

// Forces inlining where GCC's size heuristics would otherwise emit an out-of-line call that
// returns the whole result through memory (bench/: the 15-axis box-box core called from
// overlaps() cost ~20 instructions per call that way), or leave a loop over a constant axis
// list unfolded.
#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_FORCE_INLINE inline __attribute__((always_inline))
#else
#define SATLAB_FORCE_INLINE inline
#endif

// A rarely taken path kept out of line, so that its locals do not crowd the registers of the
// hot code that calls it.
#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_COLD __attribute__((noinline, cold))
#else
#define SATLAB_COLD
#endif

// Kept out of line so that the hot path that calls it keeps its registers (bench/).
#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_NOINLINE __attribute__((noinline))
#else
#define SATLAB_NOINLINE
#endif
