// Counts heap allocations for catalog-bench's "no allocation per sample" check. Linking this
// into the benchmark executable interposes the C allocator's entry points for the whole process
// (executable symbols come first in the dynamic linker's search order); each one counts, then
// forwards to glibc's own implementation.
#include "AllocationCounter.h"
#include <stddef.h>
#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic long allocations;

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

long catalog_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
#else
long catalog_allocation_count(void) { return -1; }
#endif
