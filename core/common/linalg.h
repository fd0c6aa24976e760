/**
 * @file linalg.h
 * @brief Matrix and vector types used across core (Eigen, dense, double).
 *
 * A mechanism is a Matrix indexed (output y, input x): each column is a distribution.
 */
#pragma once
#include <Eigen/Dense>

namespace privlab {
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
}  // namespace privlab
