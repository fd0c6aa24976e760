// The privacy funnel [funnel]: for a 2 x 3 joint p(s,x), the optimal LDP protocol (Theorem 2)
// against GRR calibrated to the same LDP level (28) at epsilon = 1. Exits 1 unless both audits
// pass, both reach LDP <= 1 (re-measured from the matrices by funnel::measure), and the optimum
// is at least as useful as GRR (Theorem 2 maximises I(X;Y) over every eps-LDP protocol).
#include <cstdio>

#include "privlab/funnel.h"

int main() {
  using privlab::Matrix;
  namespace funnel = privlab::funnel;
  try {
    const privlab::Joint joint = privlab::make_joint(Matrix{{0.30, 0.15, 0.05}, {0.10, 0.15, 0.25}});
    const funnel::Design opt = funnel::design(joint, funnel::Mechanism::kOptLdp, 1.0, funnel::Target::kLdp);
    const funnel::Design grr = funnel::design(joint, funnel::Mechanism::kGrr, 1.0, funnel::Target::kLdp);
    const funnel::Metrics m_opt = funnel::measure(opt.mechanism, joint);
    const funnel::Metrics m_grr = funnel::measure(grr.mechanism, joint);
    std::printf("opt-ldp: I(X;Y) = %.4f, I(S;Y) = %.4f, LDP = %.4f, audit %s\n", m_opt.mutual_information,
                m_opt.leakage, m_opt.ldp, opt.audit.verified ? "verified" : "FAILED");
    std::printf("grr:     I(X;Y) = %.4f, I(S;Y) = %.4f, LDP = %.4f, audit %s\n", m_grr.mutual_information,
                m_grr.leakage, m_grr.ldp, grr.audit.verified ? "verified" : "FAILED");
    const bool ok = opt.audit.verified && grr.audit.verified && m_opt.ldp <= 1 + 1e-7 && m_grr.ldp <= 1 + 1e-7 &&
                    m_opt.mutual_information >= m_grr.mutual_information - 1e-9;
    return ok ? 0 : 1;
  } catch (const privlab::Error& e) {
    std::fprintf(stderr, "privlab error %s at '%s': %s\n", e.code().c_str(), e.path().c_str(), e.what());
    return 2;
  }
}
