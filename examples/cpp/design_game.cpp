// The optimal joint mechanism (24) of the privacy game [game] for four locations on a line
// (1 km apart, prior 0.4/0.3/0.2/0.1, Hamming utility loss): epsilon = 0.5 per km and at least
// 0.5 km of expected error for the optimal attack. Exits 1 unless the audits pass, the LP
// certificate closes (gap <= 1e-6) and the optimal attack (19), recomputed here from the matrix,
// errs by at least d_m - as the constraint (24b) promises.
#include <cmath>
#include <cstdio>

#include "privlab/game.h"

int main() {
  using privlab::Matrix;
  using privlab::Vector;
  namespace game = privlab::game;
  try {
    const Vector prior = (Vector(4) << 0.4, 0.3, 0.2, 0.1).finished();
    Matrix distance(4, 4);
    for (long a = 0; a < 4; ++a)
      for (long b = 0; b < 4; ++b) distance(a, b) = std::abs(a - b);  // km
    const game::GameInputs in = game::make_inputs(prior, distance);
    const game::AuditedDesign d = game::design_audited(in, game::design_options(game::MechanismKind::kJoint, 0.5, 0.5));
    std::printf("joint mechanism (24) p [o][s], eps = 0.5/km, d_m = 0.5 km:\n");
    for (long o = 0; o < d.design.p.rows(); ++o) {
      for (long s = 0; s < d.design.p.cols(); ++s) std::printf(" %.4f", d.design.p(o, s));
      std::printf("\n");
    }
    const game::DeterministicAttack attack = game::optimal_attack(d.design.p, prior, distance);
    std::printf("cost %.4f (lower bound %.4f, gap %.2g), optimal attack error %.4f km, epsilon %.4f, audits %s/%s\n",
                d.evaluation.cost, d.design.lower_bound, d.design.gap, attack.error, d.evaluation.epsilon,
                d.dp_audit && d.dp_audit->audit.verified ? "verified" : "FAILED",
                d.distortion_audit && d.distortion_audit->verified ? "verified" : "FAILED");
    const bool ok = d.dp_audit && d.dp_audit->audit.verified && d.distortion_audit && d.distortion_audit->verified &&
                    d.design.gap <= 1e-6 && attack.error >= 0.5 - 1e-7;
    return ok ? 0 : 1;
  } catch (const privlab::Error& e) {
    std::fprintf(stderr, "privlab error %s at '%s': %s\n", e.code().c_str(), e.path().c_str(), e.what());
    return 2;
  }
}
