// Counts heap allocations for the bus benchmark by interposing the allocator entry points.
//
// On glibc the executable defines malloc, calloc, realloc, free and the aligned variants; the dynamic
// linker binds every library's calls to them, and they forward to glibc's own implementation through the
// __libc_* aliases. Elsewhere nothing is interposed and the count stays at zero.

#include "CMallocCounter.h"

#include <stdatomic.h>
#include <stddef.h>

static atomic_bool counting = false;
static atomic_uint_least64_t allocations = 0;

void malloc_counter_set_enabled(bool enabled) { atomic_store(&counting, enabled); }
uint64_t malloc_counter_count(void) { return atomic_load(&allocations); }
void malloc_counter_reset(void) { atomic_store(&allocations, 0); }

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void count_one(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

bool malloc_counter_is_supported(void) { return true; }

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void free(void *pointer) { __libc_free(pointer); }

#else

bool malloc_counter_is_supported(void) { return false; }

#endif
