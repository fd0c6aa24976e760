/**
 * @file information.h
 * @brief Entropy and mutual information, in nats.
 */
#pragma once
#include "common/linalg.h"

namespace privlab::metrics {

/// H(P) = -sum_x P_x ln P_x (0 ln 0 = 0).
double entropy(const Vector& p);

/**
 * I(X;Y) for X ~ px and the mechanism Q (Q(y,x) = P(Y=y|X=x)):
 * sum_{x,y} px_x Q(y,x) ln( Q(y,x) / P(Y=y) ), with P(Y=y) = sum_x Q(y,x) px_x.
 * Equivalently sum_y mu(Q_y) of rldp eq. (44)-(45).
 */
double mutual_information(const Vector& px, const Matrix& q);

}  // namespace privlab::metrics
