/**
 * @file explicit_protocols.cpp
 * @brief GRR, OUE and Conditional Reporting; closed-form LIP/LDP; calibration of alpha.
 */
#include "funnel/explicit_protocols.h"

#include <cmath>
#include <limits>

#include "common/error.h"
#include "funnel/protocol_metrics.h"

namespace privlab::funnel {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// e^{-alpha}, 0 at alpha = +infinity.
double inv_exp(double alpha) { return std::isinf(alpha) ? 0.0 : std::exp(-alpha); }

/**
 * Every protocol here has, for each output y, P(y|s) = C_y (t A_{y,s} + K_y) and
 * P(y) = C_y (t B_y + K_y) with t = e^alpha - 1 and a common C_y > 0:
 *   GRR (29): A = p_{y|s}, B = p_y, K = 1;  OUE (32): A = sum_{x in y} p_{x|s}, B likewise, K = 1;
 *   CR (33)/(49)/(54): A = p_{y|s}, B = p_y, K = sum_{s'} p_{y|s'}.
 */
struct RatioTable {
  Matrix a;  ///< [y][s] (only secrets with p_s > 0)
  Vector b, k;
};

RatioTable ratio_table(Protocol protocol, const Matrix& joint) {
  const long na = joint.cols();
  const Vector ps = s_marginal(joint), px = x_marginal(joint);
  std::vector<long> live;
  for (long s = 0; s < joint.rows(); ++s)
    if (ps(s) > 0) live.push_back(s);
  Matrix cond(static_cast<long>(live.size()), na);  // p(x|s)
  for (std::size_t i = 0; i < live.size(); ++i) cond.row(static_cast<long>(i)) = joint.row(live[i]) / ps(live[i]);
  RatioTable t;
  if (protocol == Protocol::kOue) {
    if (na > 24) solver_failure("too_large", "OUE over more than 24 symbols (2^a outputs)");
    const long outputs = 1L << na;
    t.a = Matrix::Zero(outputs, cond.rows());
    t.b = Vector::Zero(outputs);
    t.k = Vector::Ones(outputs);
    for (long y = 1; y < outputs; ++y) {  // subset sums, one bit at a time
      const long low = __builtin_ctzl(static_cast<unsigned long>(y));
      const long prev = y & (y - 1);
      t.a.row(y) = t.a.row(prev) + cond.col(low).transpose();
      t.b(y) = t.b(prev) + px(low);
    }
    return t;
  }
  t.a = cond.transpose();
  t.b = px;
  t.k = protocol == Protocol::kCr ? Vector(cond.colwise().sum().transpose()) : Vector(Vector::Ones(na));
  return t;
}

/// |ln( (t A + K) / (t B + K) )| with t = +inf meaning A / B; 0/0 -> 0, x/0 -> inf.
double term(double t, double num_a, double den_b, double k) {
  const double num = std::isinf(t) ? num_a : t * num_a + k;
  const double den = std::isinf(t) ? den_b : t * den_b + k;
  if (num <= 0 && den <= 0) return 0;
  if (num <= 0 || den <= 0) return kInf;
  return std::abs(std::log(num / den));
}

double evaluate(const RatioTable& table, Target target, double alpha) {
  const double t = std::isinf(alpha) ? kInf : std::expm1(alpha);
  double worst = 0;
  for (long y = 0; y < table.a.rows(); ++y) {
    if (target == Target::kLip) {
      for (long s = 0; s < table.a.cols(); ++s) worst = std::max(worst, term(t, table.a(y, s), table.b(y), table.k(y)));
    } else {  // Definition 1: the ratio between the two extreme secrets
      worst = std::max(worst, term(t, table.a.row(y).maxCoeff(), table.a.row(y).minCoeff(), table.k(y)));
    }
  }
  return worst;
}
}  // namespace

// Eq. (28).
Matrix grr_matrix(long a, double alpha) {
  const double off = inv_exp(alpha) / (1.0 + (a - 1) * inv_exp(alpha));
  const double diag = 1.0 / (1.0 + (a - 1) * inv_exp(alpha));
  Matrix q = Matrix::Constant(a, a, off);
  q.diagonal().setConstant(diag);
  return q;
}

// Eq. (30)-(31), corrected: log Q(y|x) = (a - #y - 1 + [x in y]) alpha - ln 2 - (a-1) ln(e^alpha+1).
Matrix oue_matrix(long a, double alpha) {
  const long outputs = 1L << a;
  Matrix q = Matrix::Zero(outputs, a);
  for (long y = 0; y < outputs; ++y) {
    const long size = __builtin_popcountl(static_cast<unsigned long>(y));
    for (long x = 0; x < a; ++x) {
      const bool in = (y >> x & 1) != 0;
      if (std::isinf(alpha)) {  // E_x = 1 w.p. 1/2, every other E_x' = 0
        q(y, x) = (y == 0 || (in && size == 1)) ? 0.5 : 0.0;
        continue;
      }
      // (e^{alpha}+1)^{-(a-1)} e^{(a-#y-1+[in]) alpha} = prod of per-coordinate factors
      const double log_norm = (a - 1) * (alpha + std::log1p(std::exp(-alpha)));
      const double exponent = (a - size - 1 + (in ? 1 : 0)) * alpha;
      q(y, x) = 0.5 * std::exp(exponent - log_norm);
    }
  }
  return q;
}

// Algorithm 1 / eq. (45)-(46) with the Kronecker delta restored (ERRATUM, docs/errata.md).
Matrix cr_matrix(const Matrix& joint, double alpha) {
  const long a = joint.cols(), c = joint.rows();
  const Vector ps = s_marginal(joint);
  const double w = inv_exp(alpha);  // divide numerator and denominator by e^alpha
  Vector all = Vector::Zero(a);     // sum_{s'} p(y|s')
  for (long s = 0; s < c; ++s) all += joint.row(s).transpose() / ps(s);
  Matrix q(a, c * a);
  for (long s = 0; s < c; ++s)
    for (long x = 0; x < a; ++x)
      for (long y = 0; y < a; ++y) {
        const double others = all(y) - joint(s, y) / ps(s);
        q(y, s * a + x) = ((x == y ? 1.0 : 0.0) + w * others) / (1.0 + (c - 1) * w);
      }
  return q;
}

Matrix protocol_matrix(Protocol protocol, const Matrix& joint, double alpha) {
  switch (protocol) {
    case Protocol::kGrr: return grr_matrix(joint.cols(), alpha);
    case Protocol::kOue: return oue_matrix(joint.cols(), alpha);
    case Protocol::kCr: break;
  }
  return cr_matrix(joint, alpha);
}

double closed_form_privacy(Protocol protocol, Target target, const Matrix& joint, double alpha) {
  return evaluate(ratio_table(protocol, joint), target, alpha);
}

double oue_utility(const Vector& px, double alpha) {
  const long a = px.size();
  if (a > 24) solver_failure("too_large", "OUE over more than 24 symbols (2^a outputs)");
  const double hx = [&] {
    double h = 0;
    for (double p : px)
      if (p > 0) h -= p * std::log(p);
    return h;
  }();
  if (std::isinf(alpha)) return hx / 2;  // Y = {X} or {} with probability 1/2 each
  auto hb = [](double p) {               // binary entropy, nats
    double h = 0;
    if (p > 0) h -= p * std::log(p);
    if (p < 1) h -= (1 - p) * std::log1p(-p);
    return h;
  };
  const double log_norm = (a - 1) * (alpha + std::log1p(std::exp(-alpha)));
  const double t = std::expm1(alpha);
  // H(Y|X) = h(1/2) + (a-1) h(1/(e^alpha+1)).
  const double hyx = std::log(2.0) + (a - 1) * hb(1.0 / (std::exp(alpha) + 1.0));
  double hy = 0, subset = 0;
  std::vector<double> sums(static_cast<std::size_t>(1L << a), 0.0);
  for (long y = 0; y < (1L << a); ++y) {
    if (y > 0) {
      const long low = __builtin_ctzl(static_cast<unsigned long>(y));
      sums[y] = sums[y & (y - 1)] + px(low);
    }
    subset = sums[y];
    const long size = __builtin_popcountl(static_cast<unsigned long>(y));
    // P(y) = C_{#y} (1 + t B_y), ln C_k = (a-k-1) alpha - ln 2 - (a-1) ln(e^alpha + 1).
    const double log_p = (a - size - 1) * alpha - std::log(2.0) - log_norm + std::log1p(t * subset);
    hy -= std::exp(log_p) * log_p;
  }
  return std::max(0.0, hy - hyx);
}

Calibration calibrate(Protocol protocol, Target target, const Matrix& joint, double epsilon) {
  const RatioTable table = ratio_table(protocol, joint);
  auto f = [&](double alpha) { return evaluate(table, target, alpha); };
  Calibration out;
  const double limit = f(kInf);
  if (limit <= epsilon) {  // even the least random protocol meets the target
    out.alpha = kInf;
    out.achieved = limit;
    out.reaches_target = std::abs(limit - epsilon) <= 1e-9;
    return out;
  }
  double lo = 0, hi = 1;
  while (hi < 700 && f(hi) <= epsilon) {
    lo = hi;
    hi *= 2;
  }
  hi = std::min(hi, 700.0);
  if (f(hi) <= epsilon) lo = hi;  // the limit is approached only beyond e^700: stop there
  for (int it = 0; it < 200 && hi - lo > 1e-12 * std::max(1.0, lo); ++it) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) <= epsilon ? lo : hi) = mid;
  }
  out.alpha = lo;
  out.achieved = f(lo);
  out.reaches_target = std::abs(out.achieved - epsilon) <= 1e-9;
  return out;
}

const char* protocol_name(Protocol protocol) {
  switch (protocol) {
    case Protocol::kGrr: return "grr";
    case Protocol::kOue: return "oue";
    case Protocol::kCr: break;
  }
  return "cr";
}

}  // namespace privlab::funnel
