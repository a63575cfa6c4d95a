// The replaced global operator new and delete, in a file of their own: the compiler then
// sees no mismatch between them and the library's inline uses.
#include "alloc_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_allocated{0};
}  // namespace

void* operator new(std::size_t bytes) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocated.fetch_add(bytes, std::memory_order_relaxed);
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t bytes) { return operator new(bytes); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace satlab::test {

std::size_t bytesAllocatedBy(const std::function<void()>& body) {
  g_allocated = 0;
  g_counting = true;
  body();
  g_counting = false;
  return g_allocated.load();
}

}  // namespace satlab::test
