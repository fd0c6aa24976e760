/**
 * @file tradeoff.cpp
 * @brief Breakpoints of G (Appendix A.3), the lower bounds, the Theorem 3 mapping.
 */
#include "estimation/tradeoff.h"

#include <algorithm>
#include <cmath>

namespace privlab::estimation {

Breakpoints g_function(const Vector& t, long m) {
  // Appendix A.3, eq. (49): with t sorted, the x_i of the smallest weights are raised to 1
  // first; every positive t_i adds one linear piece of slope 1/t_i.
  std::vector<double> w(t.data(), t.data() + t.size());
  std::sort(w.begin(), w.end());
  const long zeros = std::count_if(w.begin(), w.end(), [](double v) { return v <= 0; });
  double eps = 0, g = static_cast<double>(zeros + (m - static_cast<long>(w.size())));
  Breakpoints out{{eps, g}};
  for (double v : w) {
    if (v <= 0) continue;
    eps += v;
    g += 1;
    out.emplace_back(eps, g);
  }
  return out;
}

double g_value(const Vector& t, long m, double eps) {
  // Definition 5 as a fractional knapsack: capacity eps, weights t_i, unit values.
  std::vector<double> w(t.data(), t.data() + t.size());
  w.resize(std::max<long>(m, static_cast<long>(w.size())), 0.0);
  std::sort(w.begin(), w.end());
  double g = 0, left = eps;
  for (double v : w) {
    if (v <= left) {
      g += 1;
      left -= v;
    } else {
      g += left / v;
      break;
    }
  }
  return g;
}

double evaluate(const Breakpoints& curve, double eps) {
  if (curve.empty()) return 0;
  if (eps <= curve.front().first) return curve.front().second;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    const auto [e0, f0] = curve[i - 1];
    const auto [e1, f1] = curve[i];
    if (eps <= e1) return e1 > e0 ? f0 + (f1 - f0) * (eps - e0) / (e1 - e0) : f1;
  }
  return curve.back().second;
}

long support_size_x(const PicDecomposition& pics) { return (pics.pv.array() > 0).count(); }

Breakpoints upper_bound(const PicDecomposition& pics) {
  return g_function(pics.pics, support_size_x(pics) - 1);  // Theorem 2
}

Breakpoints lower_bound(const PicDecomposition& pics) { return lower_bound_eq14(pics, 0.0); }

Breakpoints lower_bound_eq14(const PicDecomposition& pics, double f0) {
  // Eq. (14) (f0 = 0 is Theorem 2): concavity between (0, F(0)) and (chi^2(S;X), |X|-1).
  const double top = static_cast<double>(support_size_x(pics) - 1);
  const double chi2 = pics.chi2();
  if (chi2 <= 0) return {{0.0, top}};
  return {{0.0, std::min(f0, top)}, {chi2, top}};
}

Breakpoints simple_bound(const PicDecomposition& pics) {
  // Eq. (12): eps + |X| - 1 - chi^2(S;X).
  const double top = static_cast<double>(support_size_x(pics) - 1);
  const double chi2 = pics.chi2();
  return {{0.0, top - chi2}, {chi2, top}};
}

std::pair<double, double> chi2_of_mechanism(const Matrix& joint_sx, const Matrix& q) {
  const Vector px = joint_sx.colwise().sum().transpose();
  const Matrix p_sy = joint_sx * q.transpose();
  const Matrix p_xy = px.asDiagonal() * q.transpose();
  return {chi_square_information(p_sy), chi_square_information(p_xy)};
}

namespace {
/// The two-output mapping 1/2 -+ c f(x)/2 of Appendix A.6 (y = 0 is the paper's y = 1).
Matrix binary_mapping(const Vector& f, double c) {
  Matrix q(2, f.size());
  for (long x = 0; x < f.size(); ++x) {
    q(0, x) = 0.5 - c * f(x) / 2;
    q(1, x) = 0.5 + c * f(x) / 2;
  }
  return q;
}
}  // namespace

bool surely_full_column_rank(const PicDecomposition& pics) {
  // A = P_{X|S} = D_S^{-1/2} Q D_X^{1/2} on the support, with Q = D_S^{-1/2} P D_X^{-1/2} of
  // singular values 1 and sqrt(lambda_k) (Theorem 1.3; |X| of them when |X| <= |S|). Hence
  // sigma_min(A) >= sqrt(min(1, lambda_min) min P_X / max P_S). perfect_privacy_point's SVD counts
  // a singular value as zero below 1e-9 max(1, sigma_max(A)) <= 1e-9 sqrt(|S|) (A's rows are
  // distributions: ||A||_F <= sqrt(|S|)); the bound has to clear that by a factor 1000, far more
  // than the rounding of lambda and of the SVD (about 1e-13 here).
  const long ns = (pics.pu.array() > 0).count(), nx = (pics.pv.array() > 0).count();
  if (nx > ns || ns == 0) return false;
  double lambda_min = 1.0, px_min = 1.0;
  for (long k = 0; k < pics.pics.size(); ++k) lambda_min = std::min(lambda_min, pics.pics(k));
  for (long x = 0; x < pics.pv.size(); ++x)
    if (pics.pv(x) > 0) px_min = std::min(px_min, pics.pv(x));
  return std::sqrt(lambda_min * px_min / pics.pu.maxCoeff()) > 1e-6 * std::sqrt(static_cast<double>(ns));
}

PerfectPrivacy perfect_privacy_point(const Matrix& joint_sx, const PicDecomposition& pics) {
  PerfectPrivacy out;
  // The SVD below is most of an estimation request's time (a 64 x 64 joint: about half, issue
  // 29); for a full column rank it finds no null space, so it is skipped when that is certain.
  if (surely_full_column_rank(pics)) return out;
  std::vector<long> ss, sx;
  for (long s = 0; s < pics.pu.size(); ++s)
    if (pics.pu(s) > 0) ss.push_back(s);
  for (long x = 0; x < pics.pv.size(); ++x)
    if (pics.pv(x) > 0) sx.push_back(x);
  const long ns = ss.size(), nx = sx.size();
  // A = P_{X|S} on the support: (A f)(s) = E[f(X)|S=s]. Its null space (f with E[f|S] = 0,
  // hence E[f] = 0) is non-trivial exactly when delta = 0 [16, Corollary 7].
  Matrix a(ns, nx);
  for (long i = 0; i < ns; ++i)
    for (long j = 0; j < nx; ++j) a(i, j) = joint_sx(ss[i], sx[j]) / pics.pu(ss[i]);
  Eigen::JacobiSVD<Matrix> svd(a, Eigen::ComputeFullV);
  const Vector& sv = svd.singularValues();
  const double tol = 1e-9 * std::max(1.0, sv.size() ? sv(0) : 1.0);
  long rank = 0;
  for (long k = 0; k < sv.size(); ++k)
    if (sv(k) > tol) ++rank;
  for (long k = rank; k < nx; ++k) {
    Vector f = Vector::Zero(pics.pv.size());
    for (long j = 0; j < nx; ++j) f(sx[j]) = svd.matrixV()(j, k);
    const double norm = std::sqrt(pics.pv.dot(f.cwiseProduct(f)));
    if (norm <= 0) continue;
    f /= norm;
    const double top = f.cwiseAbs().maxCoeff();
    const double value = 1.0 / (top * top);  // chi^2(X;Y) = c^2 E[f^2] with c = 1/max|f|
    if (value > out.f0_lower) {
      out.f0_lower = value;
      out.mechanism = binary_mapping(f, 1.0 / top);
    }
  }
  return out;
}

std::optional<Theorem3> theorem3_mapping(const Matrix& joint_sx, const PicDecomposition& pics) {
  const double dlt = delta(pics);
  if (!(dlt > 0) || pics.pics.size() == 0) return std::nullopt;
  Theorem3 out;
  out.px_min = pics.pv.minCoeff();
  if (!(out.px_min > 0)) return std::nullopt;
  out.lambda_min = pics.pics(pics.pics.size() - 1);
  // f: the principal function of X with ||E[f(X)|S]||^2 = lambda_min (Theorem 1.2).
  const Vector f = pics.g.col(pics.pics.size() - 1);
  // ERRATUM (docs/errata.md): eq. (51) is 1/2 + (-1)^y sqrt(P_Xmin) f(x) / 2.
  out.mechanism = binary_mapping(f, std::sqrt(out.px_min));
  const auto [cs, cx] = chi2_of_mechanism(joint_sx, out.mechanism);
  out.chi2_s = cs;
  out.chi2_x = cx;
  return out;
}

Breakpoints concave_hull(std::vector<std::pair<double, double>> points) {
  std::sort(points.begin(), points.end());
  Breakpoints hull;
  for (const auto& p : points) {
    // Equal eps: keep the larger F.
    if (!hull.empty() && std::abs(hull.back().first - p.first) <= 1e-15) {
      if (p.second <= hull.back().second) continue;
      hull.pop_back();
    }
    while (hull.size() >= 2) {
      const auto& a = hull[hull.size() - 2];
      const auto& b = hull.back();
      // Drop b when it lies on or below the chord a -> p (upper envelope).
      const double cross = (b.first - a.first) * (p.second - a.second) - (b.second - a.second) * (p.first - a.first);
      if (cross >= -1e-15)
        hull.pop_back();
      else
        break;
    }
    hull.push_back(p);
  }
  return hull;
}

}  // namespace privlab::estimation
