// The cubic-bezier solve of CubicBezierCurve.y, four inputs per AVX2 instruction. Every
// operation below is the scalar solver's, in its order (Swift evaluates left to right and never
// reassociates or fuses floating point), so the lanes give the scalar bits; BezierBatchTests
// holds them to that. What the vector form cannot follow is left as NaN for the caller.
#include "BezierKernel.h"

#include <math.h>

// A fused multiply-add rounds once where the scalar solver rounds twice: never contract.
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

static int avx2_usable(void) {
    static int state = -1;  // -1: not yet asked. Two threads asking at once store the same answer.
    int known = __atomic_load_n(&state, __ATOMIC_RELAXED);
    if (known >= 0) return known;
    unsigned a, b, c, d;
    int usable = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && (c & bit_AVX)) {
        unsigned low, high;
        __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
        // The operating system saves the YMM registers (XMM and YMM state enabled).
        if ((low & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2)) usable = 1;
    }
    __atomic_store_n(&state, usable, __ATOMIC_RELAXED);
    return usable;
}

#define AVX2 __attribute__((target("avx2")))
typedef __m256d lanes;

// ((a t + b) t + c) t
AVX2 static inline lanes cubic(lanes a, lanes b, lanes c, lanes t) {
    return _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(a, t), b), t), c), t);
}

// (3a t + 2b) t + c, with 3a and 2b given
AVX2 static inline lanes derivative(lanes a3, lanes b2, lanes c, lanes t) {
    return _mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(a3, t), b2), t), c);
}

AVX2 static inline lanes below(lanes value, lanes bound) {  // |value| < bound
    return _mm256_cmp_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), value), bound, _CMP_LT_OQ);
}

AVX2 static size_t solve_avx2(const double *table, const double *k, const double *xs, double *ys, size_t count) {
    const lanes ax = _mm256_set1_pd(k[0]), bx = _mm256_set1_pd(k[1]), cx = _mm256_set1_pd(k[2]);
    const lanes ay = _mm256_set1_pd(k[3]), by = _mm256_set1_pd(k[4]), cy = _mm256_set1_pd(k[5]);
    const lanes ax3 = _mm256_mul_pd(_mm256_set1_pd(3), ax), bx2 = _mm256_mul_pd(_mm256_set1_pd(2), bx);
    const lanes zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), two = _mm256_set1_pd(2);
    const lanes three = _mm256_set1_pd(3), minusTwo = _mm256_set1_pd(-2), sixteen = _mm256_set1_pd(16);
    const lanes h = _mm256_set1_pd(1.0 / 16), epsilon = _mm256_set1_pd(1e-12), flat = _mm256_set1_pd(1e-9);
    const lanes margin = _mm256_set1_pd(1e-9), nan = _mm256_set1_pd(NAN);
    const double *slopes = table + 17;
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        const lanes x = _mm256_loadu_pd(xs + i);
        // Inside (0, 1) only (false for NaN): the ends and beyond are the caller's.
        lanes ok = _mm256_and_pd(_mm256_cmp_pd(x, zero, _CMP_GT_OQ), _mm256_cmp_pd(x, one, _CMP_LT_OQ));
        const lanes scaled = _mm256_mul_pd(x, sixteen);
        __m128i index = _mm256_cvttpd_epi32(scaled);  // truncation, as Int(scaled)
        // min(index, 15); the max keeps a lane outside (0, 1) reading inside the table.
        index = _mm_max_epi32(_mm_min_epi32(index, _mm_set1_epi32(15)), _mm_setzero_si128());
        const lanes u = _mm256_sub_pd(scaled, _mm256_cvtepi32_pd(index));
        const lanes t0 = _mm256_i32gather_pd(table, index, 8), t1 = _mm256_i32gather_pd(table + 1, index, 8);
        const lanes s0 = _mm256_i32gather_pd(slopes, index, 8), s1 = _mm256_i32gather_pd(slopes + 1, index, 8);
        ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(s0, s0, _CMP_ORD_Q), _mm256_cmp_pd(s1, s1, _CMP_ORD_Q)));
        // Cubic Hermite: (2u³ − 3u² + 1) t0 + (u³ − 2u² + u) h s0 + (−2u³ + 3u²) t1 + (u³ − u²) h s1
        const lanes u2 = _mm256_mul_pd(u, u), u3 = _mm256_mul_pd(u2, u);
        const lanes a = _mm256_add_pd(_mm256_sub_pd(_mm256_mul_pd(two, u3), _mm256_mul_pd(three, u2)), one);
        const lanes b = _mm256_add_pd(_mm256_sub_pd(u3, _mm256_mul_pd(two, u2)), u);
        const lanes c = _mm256_add_pd(_mm256_mul_pd(minusTwo, u3), _mm256_mul_pd(three, u2));
        const lanes d = _mm256_sub_pd(u3, u2);
        lanes t = _mm256_add_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(a, t0), _mm256_mul_pd(_mm256_mul_pd(b, h), s0)),
                                              _mm256_mul_pd(c, t1)),
                                _mm256_mul_pd(_mm256_mul_pd(d, h), s1));
        // Outside the bracket: the straight line t0 + (t1 − t0) u.
        const lanes inBracket = _mm256_and_pd(_mm256_cmp_pd(t, t0, _CMP_GE_OQ), _mm256_cmp_pd(t, t1, _CMP_LE_OQ));
        t = _mm256_blendv_pd(_mm256_add_pd(t0, _mm256_mul_pd(_mm256_sub_pd(t1, t0), u)), t, inBracket);
        // Two Newton steps for every lane; each lane keeps the first iterate within 1e-12.
        const lanes e0 = _mm256_sub_pd(cubic(ax, bx, cx, t), x);
        const lanes g0 = derivative(ax3, bx2, cx, t);
        const lanes tA = _mm256_sub_pd(t, _mm256_div_pd(e0, g0));
        const lanes e1 = _mm256_sub_pd(cubic(ax, bx, cx, tA), x);
        const lanes g1 = derivative(ax3, bx2, cx, tA);
        const lanes tB = _mm256_sub_pd(tA, _mm256_div_pd(e1, g1));
        const lanes e2 = _mm256_sub_pd(cubic(ax, bx, cx, tB), x);
        const lanes done0 = below(e0, epsilon), done1 = below(e1, epsilon), done2 = below(e2, epsilon);
        // A step is taken only where the slope is at least 1e-9 (the scalar solver gives up there).
        const lanes steep0 = _mm256_xor_pd(below(g0, flat), _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
        const lanes steep1 = _mm256_xor_pd(below(g1, flat), _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
        const lanes solved = _mm256_or_pd(done0, _mm256_and_pd(steep0, _mm256_or_pd(done1, _mm256_and_pd(steep1, done2))));
        const lanes root = _mm256_blendv_pd(_mm256_blendv_pd(tB, tA, done1), t, done0);
        const lanes inRange = _mm256_and_pd(_mm256_cmp_pd(root, _mm256_sub_pd(t0, margin), _CMP_GE_OQ),
                                            _mm256_cmp_pd(root, _mm256_add_pd(t1, margin), _CMP_LE_OQ));
        ok = _mm256_and_pd(ok, _mm256_and_pd(solved, inRange));
        const lanes y = cubic(ay, by, cy, root);
        _mm256_storeu_pd(ys + i, _mm256_blendv_pd(nan, y, ok));
    }
    return i;
}
#endif

size_t catalog_bezier_solve_batch(const double *table, const double *coefficients, const double *x, double *y, size_t count) {
#if defined(__x86_64__)
    if (avx2_usable()) return solve_avx2(table, coefficients, x, y, count);
#endif
    (void)table; (void)coefficients; (void)x; (void)y; (void)count;
    return 0;
}

int catalog_bezier_lanes_available(void) {
#if defined(__x86_64__)
    return avx2_usable();
#else
    return 0;
#endif
}
