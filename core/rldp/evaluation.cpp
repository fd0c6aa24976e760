/**
 * @file evaluation.cpp
 * @brief I(X;Y), NMI and realized epsilon of a mechanism.
 */
#include "rldp/evaluation.h"

#include "metrics/information.h"
#include "metrics/privacy_loss.h"

namespace privlab::rldp {

Evaluation evaluate(const Matrix& q, const JointDistribution& p) {
  const Vector px = p.flat();
  Evaluation e;
  e.mutual_information = metrics::mutual_information(px, q);
  const double hx = metrics::entropy(px);
  e.nmi = hx > 0 ? e.mutual_information / hx : 0.0;
  e.epsilon = metrics::realized_epsilon(q, p);
  return e;
}

}  // namespace privlab::rldp
