// How many built-in lessons scenes/lessons/ holds: the tests that walk every lesson check
// that they found them all (a file renamed away from *.json, or lost, is missed by a glob).
// Adding a lesson changes this one number.
#pragma once

namespace satlab::test {

inline constexpr unsigned kBuiltInLessons = 27;

}  // namespace satlab::test
