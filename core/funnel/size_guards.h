/**
 * @file size_guards.h
 * @brief Which instances each method may attempt: refused with too_large before any work, so a
 *        browser tab (WASM, ~2-3x slower than native) never runs for more than a few seconds.
 *
 * Limits were set from native timings of cddlib on random and Jeffreys-drawn joints (README):
 * Gamma (Theorem 2) explodes with a (a=4, c=3: ~10^4 vertices, ~4 s; a=5, c=2: ~7000 vertices,
 * ~4 s); Delta (Theorem 3) is cheap up to a ~ 10 but reaches ~10^4-10^5 vertices at a = 12-16
 * with c >= 6. Sizes count only the support (x with p_x > 0, s with p_s > 0).
 */
#pragma once
#include <string>
#include <vector>

#include "common/linalg.h"

namespace privlab::funnel {

struct Support {
  long a = 0;  ///< x with p_x > 0
  long c = 0;  ///< s with p_s > 0
};
Support support_of(const Matrix& joint);

/// One row of a size limit: a support fits it when a <= max_a and c <= max_c (max_c < 0: any
/// c). A method may attempt a support that fits some row of its table. These tables are the one
/// place of the limits: the guards below read them, and api::limits() hands them to the page.
struct SupportLimit {
  long max_a;
  long max_c;
};
/// Theorem 2 (Gamma): a <= 2; a = 3 with c <= 10; a = 4 with c <= 2.
inline constexpr SupportLimit kLdpLimits[] = {{2, -1}, {3, 10}, {4, 2}};
/// Experiments on the command line (`loose`) also allow a = 4, c <= 3 and a = 5, c <= 2.
inline constexpr SupportLimit kLdpLooseLimits[] = {{2, -1}, {3, 10}, {4, 3}, {5, 2}};
/// Theorem 3 (Delta): a <= 6; a <= 8 with c <= 32; a <= 10 with c <= 6; a <= 12 with c <= 4;
/// a <= 16 with c <= 3.
inline constexpr SupportLimit kLipLimits[] = {{6, 64}, {8, 32}, {10, 6}, {12, 4}, {16, 3}};
/// Section VI per-attribute polytopes (dimension a_j (a_j - 1)): at most this many attributes,
/// each of at most this size.
inline constexpr long kMaxAttributes = 6;
inline constexpr long kMaxAttributeSize = 3;
/// OUE (31) has 2^|X| outputs: its matrix is designed up to this |X|.
inline constexpr long kMaxOueX = 10;

bool ldp_allowed(const Support& s, bool loose = false);
bool lip_allowed(const Support& s);
bool attribute_product_allowed(const std::vector<long>& sizes);

/// Throws bad_request("too_large", path, ...) naming the method and the limit.
void require_ldp(const Matrix& joint, const std::string& path, bool loose = false);
void require_lip(const Matrix& joint, const std::string& path);

}  // namespace privlab::funnel
