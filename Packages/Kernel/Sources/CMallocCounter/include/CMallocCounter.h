#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Starts or stops counting heap allocations made by any thread.
void malloc_counter_set_enabled(bool enabled);

/// The number of allocations counted so far.
uint64_t malloc_counter_count(void);

/// Resets the count to zero.
void malloc_counter_reset(void);

/// Whether allocations are really intercepted on this platform (glibc only).
bool malloc_counter_is_supported(void);

#endif
