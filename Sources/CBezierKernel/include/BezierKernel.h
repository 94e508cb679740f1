#ifndef CATALOG_BEZIER_KERNEL_H
#define CATALOG_BEZIER_KERNEL_H

#include <stddef.h>

/// Solves a cubic-bezier easing for many inputs, four at a time in AVX2 lanes, with the same
/// IEEE operations in the same order as the engine's scalar solver (`CubicBezierCurve.y`):
/// the Hermite start from `table` (17 t values, then 17 slopes), at most two Newton steps
/// to 1e-12, the bracket checks, then y(t). No fused multiply-add, so every result is bit
/// for bit the scalar one.
///
/// A lane the scalar solver would take anywhere else (an input outside (0, 1), a NaN slope in
/// the table, more than two Newton steps, a root outside the bracket) gets NaN: the caller
/// solves those one at a time. Returns how many inputs were written (a multiple of four from
/// the start of `x`), 0 when the CPU has no AVX2 (or is not x86-64).
///
/// `coefficients`: ax, bx, cx, ay, by, cy of x(t) = ((ax t + bx) t + cx) t, likewise y.
size_t catalog_bezier_solve_batch(const double *table, const double *coefficients,
                                  const double *x, double *y, size_t count);

/// Whether ``catalog_bezier_solve_batch`` solves in lanes on this CPU (1) or leaves every input to
/// the caller (0).
int catalog_bezier_lanes_available(void);

#endif
