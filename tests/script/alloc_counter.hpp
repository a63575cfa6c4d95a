// Counts what operator new hands out while a piece of code runs (alloc_counter.cpp replaces
// the global operator new of the test program).
#pragma once

#include <cstddef>
#include <functional>

namespace satlab::test {

/// Bytes allocated with operator new (and new[]) while `body` runs.
std::size_t bytesAllocatedBy(const std::function<void()>& body);

}  // namespace satlab::test
