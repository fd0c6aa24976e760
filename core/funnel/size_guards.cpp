/**
 * @file size_guards.cpp
 * @brief too_large limits for the vertex enumerations (see size_guards.h).
 */
#include "funnel/size_guards.h"

#include "common/error.h"
#include "funnel/protocol_metrics.h"

namespace privlab::funnel {

Support support_of(const Matrix& joint) {
  const Vector px = x_marginal(joint), ps = s_marginal(joint);
  return {static_cast<long>((px.array() > 0).count()), static_cast<long>((ps.array() > 0).count())};
}

namespace {
template <std::size_t N>
bool fits(const SupportLimit (&table)[N], const Support& s) {
  for (const SupportLimit& row : table)
    if (s.a <= row.max_a && (row.max_c < 0 || s.c <= row.max_c)) return true;
  return false;
}

/// "|X| <= 2; |X| <= 3 with |S| <= 10; ..." for the error messages.
template <std::size_t N>
std::string describe(const SupportLimit (&table)[N]) {
  std::string out;
  for (const SupportLimit& row : table) {
    if (!out.empty()) out += "; ";
    out += "|X| <= " + std::to_string(row.max_a);
    if (row.max_c >= 0) out += " with |S| <= " + std::to_string(row.max_c);
  }
  return out;
}
}  // namespace

bool ldp_allowed(const Support& s, bool loose) { return loose ? fits(kLdpLooseLimits, s) : fits(kLdpLimits, s); }

bool lip_allowed(const Support& s) { return fits(kLipLimits, s); }

bool attribute_product_allowed(const std::vector<long>& sizes) {
  if (static_cast<long>(sizes.size()) > kMaxAttributes) return false;
  for (long n : sizes)
    if (n > kMaxAttributeSize) return false;
  return true;
}

void require_ldp(const Matrix& joint, const std::string& path, bool loose) {
  const Support s = support_of(joint);
  if (!ldp_allowed(s, loose))
    bad_request("too_large", path,
                "the optimal LDP protocol enumerates the vertices of Gamma (dimension a(a-1)), "
                "which explodes: |X| = " +
                    std::to_string(s.a) + ", |S| = " + std::to_string(s.c) + " is beyond the limit (" +
                    (loose ? describe(kLdpLooseLimits) : describe(kLdpLimits)) +
                    "). "
                    "Use opt-lip (and eps/2 if an eps-LDP bound is needed: eps/2-LIP implies eps-LDP)");
}

void require_lip(const Matrix& joint, const std::string& path) {
  const Support s = support_of(joint);
  if (!lip_allowed(s))
    bad_request("too_large", path,
                "the optimal LIP protocol enumerates the vertices of Delta: |X| = " + std::to_string(s.a) + ", |S| = " +
                    std::to_string(s.c) + " is beyond the limit (" + describe(kLipLimits) + "). Use grr or cr");
}

}  // namespace privlab::funnel
