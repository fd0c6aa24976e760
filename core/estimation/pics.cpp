/**
 * @file pics.cpp
 * @brief PICs by SVD of the deflated Q matrix, chi-square information, MMSE decompositions.
 */
#include "estimation/pics.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace privlab::estimation {

namespace {
std::vector<long> support(const Vector& p) {
  std::vector<long> idx;
  for (long i = 0; i < p.size(); ++i)
    if (p(i) > 0) idx.push_back(i);
  return idx;
}
}  // namespace

PicDecomposition pic_decomposition(const Matrix& joint) {
  PicDecomposition out;
  out.pu = joint.rowwise().sum();
  out.pv = joint.colwise().sum().transpose();
  const auto su = support(out.pu), sv = support(out.pv);
  const long nu = static_cast<long>(su.size()), nv = static_cast<long>(sv.size());
  const long d = std::max(0L, std::min(nu, nv) - 1);
  out.pics = Vector::Zero(d);
  out.f = Matrix::Zero(joint.rows(), d);
  out.g = Matrix::Zero(joint.cols(), d);
  if (d == 0) return out;
  // Eq. (6) on the support, minus the trivial pair (sqrt(P_U), sqrt(P_V)) of singular value 1:
  // the remaining singular values are sqrt(lambda_k) (Theorem 1.3). Deflating first keeps the
  // trivial direction out even when other singular values equal 1 (e.g. S = X).
  Matrix q(nu, nv);
  for (long i = 0; i < nu; ++i)
    for (long j = 0; j < nv; ++j) {
      const double a = out.pu(su[i]), b = out.pv(sv[j]);
      q(i, j) = joint(su[i], sv[j]) / std::sqrt(a * b) - std::sqrt(a * b);
    }
  Eigen::JacobiSVD<Matrix> svd(q, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vector& sigma = svd.singularValues();
  for (long k = 0; k < d; ++k) {
    const double s = k < sigma.size() ? std::min(1.0, sigma(k)) : 0.0;
    out.pics(k) = s * s;
    for (long i = 0; i < nu; ++i) out.f(su[i], k) = svd.matrixU()(i, k) / std::sqrt(out.pu(su[i]));
    for (long j = 0; j < nv; ++j) out.g(sv[j], k) = svd.matrixV()(j, k) / std::sqrt(out.pv(sv[j]));
  }
  return out;
}

double chi_square_information(const Matrix& joint) {
  // Eq. (1): E[P(U,V) / (P(U) P(V))] - 1.
  const Vector pu = joint.rowwise().sum();
  const Vector pv = joint.colwise().sum().transpose();
  double total = 0;
  for (long i = 0; i < joint.rows(); ++i)
    for (long j = 0; j < joint.cols(); ++j)
      if (joint(i, j) > 0) total += joint(i, j) * joint(i, j) / (pu(i) * pv(j));
  return total - 1.0;
}

double maximal_correlation(const PicDecomposition& pics) { return pics.pics.size() ? std::sqrt(pics.pics(0)) : 0.0; }

double delta(const PicDecomposition& pics) {
  // Eq. (7) with U the rows, V the columns; alphabet sizes counted on the support.
  const long nu = (pics.pu.array() > 0).count(), nv = (pics.pv.array() > 0).count();
  if (nv <= nu && pics.pics.size()) return pics.pics(pics.pics.size() - 1);
  return 0.0;
}

Matrix joint_with_output(const Matrix& joint, const Matrix& q) { return joint * q.transpose(); }

double mmse_direct(const Matrix& joint_ab, const Vector& h) {
  // mmse(h(A)|B) = E[h(A)^2] - E[E[h(A)|B]^2]   (Section 1.3).
  const Vector pa = joint_ab.rowwise().sum();
  double second = 0;
  for (long a = 0; a < pa.size(); ++a) second += pa(a) * h(a) * h(a);
  double explained = 0;
  for (long b = 0; b < joint_ab.cols(); ++b) {
    const double pb = joint_ab.col(b).sum();
    if (pb <= 0) continue;
    const double num = joint_ab.col(b).dot(h);
    explained += num * num / pb;
  }
  return std::max(0.0, second - explained);
}

MmseDecomposition decompose_mmse(const Matrix& joint, const PicDecomposition& pics, const Vector& h) {
  MmseDecomposition out;
  out.mean = pics.pu.dot(h);
  const Vector centred = h.array() - out.mean;
  out.variance = pics.pu.dot(centred.cwiseProduct(centred));
  const long d = pics.pics.size();
  out.coefficients.resize(d);
  double explained = 0;
  for (long k = 0; k < d; ++k) {
    out.coefficients(k) = pics.pu.dot(centred.cwiseProduct(pics.f.col(k)));
    explained += out.coefficients(k) * out.coefficients(k) * pics.pics(k);
  }
  out.mmse = std::max(0.0, out.variance - explained);
  out.mmse_direct = mmse_direct(joint, h);
  out.normalized_mmse = normalized_or_one(out.mmse, out.variance);
  return out;
}

}  // namespace privlab::estimation
