// tools/allocator.cpp — the binaries' operator new and delete, over mimalloc, throwing
// std::bad_alloc when memory runs out.
//
// Debian's libmimalloc (2.0.x) is compiled as C: its own operator new cannot see the C++
// new-handler (it asks a hidden stub that always answers "none") and calls abort() when an
// allocation fails, so a search that runs out of memory under `ulimit -v` would die with SIGABRT
// instead of ending with exit code 5 and its statistics. The replacements below (linked into the
// executables only, see npuzzle_link_allocator in CMakeLists.txt) call mimalloc directly, run the
// new-handler if one is installed, and throw std::bad_alloc otherwise, as the standard asks.
// mimalloc's own messages
// ("unable to allocate OS memory") are silenced: the tools report the failure themselves.
#include <mimalloc.h>

#include <cstddef>
#include <new>

namespace {

template <class Allocate>
void* allocate_or_throw(Allocate allocate) {
  for (;;) {
    if (void* p = allocate()) return p;
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

// Runs before main: mimalloc reads its options lazily, so this takes effect for every allocation.
const bool kQuiet = [] {
  mi_option_disable(mi_option_show_errors);
  mi_option_disable(mi_option_verbose);
  return true;
}();

}  // namespace

void* operator new(std::size_t n) {
  return allocate_or_throw([n] { return mi_malloc(n); });
}
void* operator new[](std::size_t n) {
  return allocate_or_throw([n] { return mi_malloc(n); });
}
void* operator new(std::size_t n, std::align_val_t a) {
  return allocate_or_throw([=] { return mi_malloc_aligned(n, static_cast<std::size_t>(a)); });
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return allocate_or_throw([=] { return mi_malloc_aligned(n, static_cast<std::size_t>(a)); });
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return mi_malloc(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return mi_malloc(n); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return mi_malloc_aligned(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return mi_malloc_aligned(n, static_cast<std::size_t>(a));
}

void operator delete(void* p) noexcept { mi_free(p); }
void operator delete[](void* p) noexcept { mi_free(p); }
void operator delete(void* p, std::size_t) noexcept { mi_free(p); }
void operator delete[](void* p, std::size_t) noexcept { mi_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { mi_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { mi_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { mi_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { mi_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { mi_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { mi_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { mi_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { mi_free(p); }
