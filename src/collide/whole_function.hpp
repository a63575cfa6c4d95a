// satlab collision core (internal, not installed): how the library compiles the untraced
// tests (untraced.cpp) and the verdicts (overlaps.cpp).
//
// SATLAB_WHOLE (gnu::flatten) inlines everything a function calls into it: the test, and the
// helpers it calls (SatAxes, the slab loop, Arvo's sum). Compiled so in the library, and with
// -fno-math-errno (CMakeLists.txt: the core never reads errno, so a square root is one
// instruction with no side effect), every caller gets the test as one function, whatever
// its own file's inlining decides; and a verdict, which reads one field of the result, loses
// the work only the other fields need. What it buys is measured in docs/performance.md:
// without it the untraced rich tests ran up to 2.1 times the textbook code and the verdicts
// up to 3.3 times; with it they are within 1.25 (the table there says where not).
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_WHOLE [[gnu::flatten]]
#else
#define SATLAB_WHOLE
#endif
