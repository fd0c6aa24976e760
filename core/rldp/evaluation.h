/**
 * @file evaluation.h
 * @brief Metrics of a mechanism under one distribution: I(X;Y), NMI and realized epsilon.
 */
#pragma once
#include "model/joint.h"

namespace privlab::rldp {

struct Evaluation {
  double mutual_information = 0;  ///< I_P(X;Y), nats
  double nmi = 0;                 ///< I_P(X;Y) / H_P(X)
  double epsilon = 0;             ///< realized epsilon under P (contract definition)
};
Evaluation evaluate(const Matrix& q, const JointDistribution& p);

/// As JSON, and the rldp request readers: rldp/evaluation_json.h (the JSON edge).

}  // namespace privlab::rldp
