#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations made by this process so far (malloc, calloc, realloc and the aligned
/// forms), or -1 where the counter is not available (it needs glibc).
long catalog_allocation_count(void);

#endif
