/**
 * @file protocol_metrics.cpp
 * @brief I(X;Y), I(S;Y), LIP (27), LDP (1)/(2) and SRLIP (22) measured from a protocol matrix.
 */
#include "funnel/protocol_metrics.h"

#include <cmath>
#include <limits>

#include "funnel/attributes.h"

namespace privlab::funnel {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Q(y | x, s) for either kind of protocol.
double entry(const Matrix& q, bool secret, long a, long y, long s, long x) {
  return secret ? q(y, s * a + x) : q(y, x);
}

/// |ln(num/den)| with 0/0 -> 0 and x/0, 0/x -> +infinity.
double abs_log_ratio(double num, double den) {
  if (num <= 0 && den <= 0) return 0;
  if (num <= 0 || den <= 0) return kInf;
  return std::abs(std::log(num / den));
}
}  // namespace

Vector x_marginal(const Matrix& joint) { return joint.colwise().sum().transpose(); }
Vector s_marginal(const Matrix& joint) { return joint.rowwise().sum(); }

bool reads_secret(const Matrix& q, const Matrix& joint) { return q.cols() != joint.cols(); }

Matrix output_data_joint(const Matrix& q, const Matrix& joint) {
  const long a = joint.cols(), c = joint.rows();
  const bool secret = reads_secret(q, joint);
  Matrix out = Matrix::Zero(q.rows(), a);
  for (long y = 0; y < q.rows(); ++y)
    for (long s = 0; s < c; ++s)
      for (long x = 0; x < a; ++x) out(y, x) += entry(q, secret, a, y, s, x) * joint(s, x);
  return out;
}

Matrix output_secret_joint(const Matrix& q, const Matrix& joint) {
  const long a = joint.cols(), c = joint.rows();
  const bool secret = reads_secret(q, joint);
  Matrix out = Matrix::Zero(q.rows(), c);
  for (long y = 0; y < q.rows(); ++y)
    for (long s = 0; s < c; ++s)
      for (long x = 0; x < a; ++x) out(y, s) += entry(q, secret, a, y, s, x) * joint(s, x);
  return out;
}

double mutual_information_of(const Matrix& pab) {
  const Vector pa = pab.rowwise().sum(), pb = pab.colwise().sum().transpose();
  double info = 0;
  for (long i = 0; i < pab.rows(); ++i)
    for (long j = 0; j < pab.cols(); ++j)
      if (pab(i, j) > 0) info += pab(i, j) * std::log(pab(i, j) / (pa(i) * pb(j)));
  return std::max(0.0, info);
}

double utility(const Matrix& q, const Matrix& joint) { return mutual_information_of(output_data_joint(q, joint)); }

double leakage(const Matrix& q, const Matrix& joint) { return mutual_information_of(output_secret_joint(q, joint)); }

// Eq. (27): LIP(Q) = max_{y,s} |ln( sum_x Q_{y|x} P_{x|s} / sum_x Q_{y|x} P_x )|, written with
// joints: P(y|s)/P(y) = P(y,s) / (P(y) P(s)).
double lip(const Matrix& q, const Matrix& joint) {
  const Matrix pys = output_secret_joint(q, joint);
  const Vector ps = s_marginal(joint);
  const Vector py = pys.rowwise().sum();
  double worst = 0;
  for (long y = 0; y < pys.rows(); ++y)
    for (long s = 0; s < pys.cols(); ++s)
      if (ps(s) > 0) worst = std::max(worst, abs_log_ratio(pys(y, s) / ps(s), py(y)));
  return worst;
}

// Eq. (1): max over y, s, s' of ln( P(y|s) / P(y|s') ).
double ldp_secret(const Matrix& q, const Matrix& joint) {
  const Matrix pys = output_secret_joint(q, joint);
  const Vector ps = s_marginal(joint);
  double worst = 0;
  for (long y = 0; y < pys.rows(); ++y) {
    double hi = -1, lo = kInf;
    for (long s = 0; s < pys.cols(); ++s) {
      if (ps(s) <= 0) continue;
      hi = std::max(hi, pys(y, s) / ps(s));
      lo = std::min(lo, pys(y, s) / ps(s));
    }
    if (hi >= 0) worst = std::max(worst, abs_log_ratio(hi, lo));
  }
  return worst;
}

// Eq. (2): LDP w.r.t. the input (X, or (S,X) for a protocol that reads S).
double ldp_input(const Matrix& q) {
  double worst = 0;
  for (long y = 0; y < q.rows(); ++y) worst = std::max(worst, abs_log_ratio(q.row(y).maxCoeff(), q.row(y).minCoeff()));
  return worst;
}

// Eq. (22): for each J and x^J, the ratio P(y|s,x^J) / P(y|x^J) = P(y,s,x^J) P(x^J) /
// (P(s,x^J) P(y,x^J)). Cells of x^J are found by mixed-radix digits (last attribute fastest).
SrlipWitness srlip(const Matrix& q, const Matrix& joint, const std::vector<long>& sizes) {
  const long a = joint.cols(), c = joint.rows(), b = q.rows();
  const long m = static_cast<long>(sizes.size());
  const bool secret = reads_secret(q, joint);
  const auto digits = all_digits(sizes);  // digits[x][j]
  SrlipWitness best;
  for (long mask = 0; mask < (1L << m); ++mask) {
    std::vector<long> in_j;
    long cells = 1;
    for (long j = 0; j < m; ++j)
      if (mask >> j & 1) {
        in_j.push_back(j);
        cells *= sizes[j];
      }
    auto cell_of = [&](long x) {
      long id = 0;
      for (long j : in_j) id = id * sizes[j] + digits[x][j];
      return id;
    };
    // P(y, s, x^J) [cell][s][y], P(s, x^J), P(y, x^J), P(x^J)
    std::vector<Matrix> pysj(static_cast<std::size_t>(cells), Matrix::Zero(c, b));
    Matrix psj = Matrix::Zero(cells, c);
    for (long x = 0; x < a; ++x) {
      const long id = cell_of(x);
      for (long s = 0; s < c; ++s) {
        const double p = joint(s, x);
        if (p <= 0) continue;
        psj(id, s) += p;
        for (long y = 0; y < b; ++y) pysj[id](s, y) += entry(q, secret, a, y, s, x) * p;
      }
    }
    for (long id = 0; id < cells; ++id) {
      const double pj = psj.row(id).sum();
      if (pj <= 0) continue;
      const Eigen::RowVectorXd pyj = pysj[id].colwise().sum();
      for (long s = 0; s < c; ++s) {
        if (psj(id, s) <= 0) continue;
        for (long y = 0; y < b; ++y) {
          const double v = abs_log_ratio(pysj[id](s, y) / psj(id, s), pyj(y) / pj);
          if (v > best.value || best.s < 0) {
            best.value = v;
            best.attributes = in_j;
            best.values.clear();
            long rest = id;
            for (auto it = in_j.rbegin(); it != in_j.rend(); ++it) {
              best.values.insert(best.values.begin(), rest % sizes[*it]);
              rest /= sizes[*it];
            }
            best.s = s;
            best.y = y;
          }
        }
      }
    }
  }
  return best;
}

}  // namespace privlab::funnel
