/**
 * @file protocol_metrics.h
 * @brief Utility and privacy of a sanitisation protocol for the privacy funnel [funnel paper].
 *
 * The joint is p(s,x) as a matrix [s][x] (rows = secret S, columns = released data X, |X| = a,
 * |S| = c). A protocol is a matrix q indexed [y][input]: either input x (q has a columns, the
 * usual Q_{y|x}) or, for protocols that also read the secret (Conditional Reporting, Algorithm 1),
 * input (s,x) with index s*a + x (q has c*a columns, S-major as in the CLI contract).
 * Every function reads only the matrix and the joint (never a solver's bookkeeping), so the
 * audit can use them as independent measurements. Logarithms are natural (nats).
 */
#pragma once
#include <vector>

#include "common/linalg.h"

namespace privlab::funnel {

/// p_X (column sums of the joint).
Vector x_marginal(const Matrix& joint);
/// p_S (row sums of the joint).
Vector s_marginal(const Matrix& joint);

/// True when q reads (s,x) (c*a columns) rather than x alone (a columns).
bool reads_secret(const Matrix& q, const Matrix& joint);

/// P(Y=y, X=x) as a matrix [y][x].
Matrix output_data_joint(const Matrix& q, const Matrix& joint);
/// P(Y=y, S=s) as a matrix [y][s].
Matrix output_secret_joint(const Matrix& q, const Matrix& joint);

/// Mutual information of a joint distribution given as a matrix (any orientation), nats.
double mutual_information_of(const Matrix& pab);

/// Utility I(X;Y) (Problem 2).
double utility(const Matrix& q, const Matrix& joint);
/// Leakage I(S;Y) (Problem 1).
double leakage(const Matrix& q, const Matrix& joint);

/**
 * LIP(Q) of eq. (27) / Definition 2: max over y, s (p_s > 0) of |ln( P(y|s) / P(y) )|.
 * Outputs with P(y) = 0 are skipped (0/0); P(y|s) = 0 < P(y) gives +infinity.
 */
double lip(const Matrix& q, const Matrix& joint);

/// LDP w.r.t. S, Definition 1 eq. (1): max over y, s, s' (p_s, p_s' > 0) of ln(P(y|s)/P(y|s')).
double ldp_secret(const Matrix& q, const Matrix& joint);

/// LDP w.r.t. the protocol's input, eq. (2): max over y, inputs i, i' of ln(Q(y,i)/Q(y,i')).
double ldp_input(const Matrix& q);

/// Where the SRLIP maximum of (22) is attained.
struct SrlipWitness {
  double value = 0;              ///< max |ln ratio| of (22)
  std::vector<long> attributes;  ///< J (0-based attribute indices)
  std::vector<long> values;      ///< x^J, one value per attribute in J
  long s = -1, y = -1;
};

/**
 * SRLIP of eq. (22) / Definition 3, computed from the definition: the maximum over every
 * J subset of {1..m}, x^J with P(x^J) > 0, s with P(s, x^J) > 0 and y with P(y | x^J) > 0 of
 * |ln( P(y | s, x^J) / P(y | x^J) )|. X is the product of attributes of sizes `sizes` in mixed
 * radix, last attribute fastest. J = {} gives LIP (Lemma 2).
 * ERRATUM (docs/errata.md): Theorem 4 is false; this is never certified from it.
 */
SrlipWitness srlip(const Matrix& q, const Matrix& joint, const std::vector<long>& sizes);

}  // namespace privlab::funnel
