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

bool ldp_allowed(const Support& s, bool loose) {
  if (s.a <= 2) return true;
  if (s.a == 3) return s.c <= 10;
  if (s.a == 4) return s.c <= (loose ? 3 : 2);
  return loose && s.a == 5 && s.c <= 2;
}

bool lip_allowed(const Support& s) {
  if (s.a <= 6) return s.c <= 64;
  if (s.a <= 8) return s.c <= 32;
  if (s.a <= 10) return s.c <= 6;
  if (s.a <= 12) return s.c <= 4;
  return s.a <= 16 && s.c <= 3;
}

bool attribute_product_allowed(const std::vector<long>& sizes) {
  if (sizes.size() > 6) return false;
  for (long n : sizes)
    if (n > 3) return false;
  return true;
}

void require_ldp(const Matrix& joint, const std::string& path, bool loose) {
  const Support s = support_of(joint);
  if (!ldp_allowed(s, loose))
    bad_request("too_large", path,
                "the optimal LDP protocol enumerates the vertices of Gamma (dimension a(a-1)), "
                "which explodes: |X| = " + std::to_string(s.a) + ", |S| = " + std::to_string(s.c) +
                " is beyond the limit (|X| <= 2; |X| = 3 with |S| <= 10; |X| = 4 with |S| <= 2). "
                "Use opt-lip (and eps/2 if an eps-LDP bound is needed: eps/2-LIP implies eps-LDP)");
}

void require_lip(const Matrix& joint, const std::string& path) {
  const Support s = support_of(joint);
  if (!lip_allowed(s))
    bad_request("too_large", path,
                "the optimal LIP protocol enumerates the vertices of Delta: |X| = " +
                    std::to_string(s.a) + ", |S| = " + std::to_string(s.c) +
                    " is beyond the limit (|X| <= 6; |X| <= 8 with |S| <= 32; |X| <= 10 with |S| <= 6; "
                    "|X| <= 12 with |S| <= 4; |X| <= 16 with |S| <= 3). Use grr or cr");
}

}  // namespace privlab::funnel
