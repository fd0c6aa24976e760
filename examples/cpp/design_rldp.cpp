// Designs the RLDP paper's Example 3 mechanism (PolyOpt, eps = ln 2, 95% Renyi-2 ball around
// Example 1's estimate from n = 100 samples) with privlab's typed API, and prints it.
// Exits 1 when the numbers are not the paper's (I = 0.4228, eps* under P* = 0.2804), so the
// test that runs it can fail.
#include <cmath>
#include <cstdio>

#include "privlab/metrics.h"
#include "privlab/rldp.h"

int main() {
  using privlab::Matrix;
  namespace rldp = privlab::rldp;
  try {
    const privlab::Joint hat = privlab::make_joint(Matrix{{0.07, 0.10}, {0.26, 0.57}});
    const privlab::Joint truth = privlab::make_joint(Matrix{{0.10, 0.10}, {0.20, 0.60}});
    const auto ball = rldp::renyi_ball_confidence(2.0, 0.95, 100, hat.num_x());
    const rldp::Design d = rldp::design(hat, rldp::Mechanism::kPolyOpt, std::log(2.0), ball);

    std::printf("PolyOpt for Example 1's estimate, eps = ln 2, F = Renyi-2 ball of radius %.4f\n", ball.radius);
    for (long y = 0; y < d.mechanism.rows(); ++y) {
      for (long x = 0; x < d.mechanism.cols(); ++x) std::printf(" %.4f", d.mechanism(y, x));
      std::printf("\n");
    }
    const double eps_true = privlab::metrics::realized_epsilon(d.mechanism, truth);
    std::printf("I(X;Y) = %.4f nats, robust epsilon = %.4f (%s), eps* under P* = %.4f, audit %s (%s)\n",
                d.metrics.under_hat.mutual_information, d.metrics.robust.value,
                d.metrics.robust.exact ? "exact" : "upper bound", eps_true, d.audit.verified ? "verified" : "FAILED",
                d.audit.claim.guarantee.c_str());
    const bool ok = d.audit.verified && std::abs(d.metrics.under_hat.mutual_information - 0.4228) <= 5e-5 &&
                    std::abs(eps_true - 0.2804) <= 5e-5;
    return ok ? 0 : 1;
  } catch (const privlab::Error& e) {
    std::fprintf(stderr, "privlab error %s at '%s': %s\n", e.code().c_str(), e.path().c_str(), e.what());
    return 2;
  }
}
