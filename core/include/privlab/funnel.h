/**
 * @file funnel.h
 * @brief privlab's typed API, family funnel: the privacy funnel with LDP/LIP guarantees
 *        [funnel]. The joint is p(s,x) [s][x]; protocols are Q [y][x] (or [y][s*|X|+x] when
 *        they read the secret, as Conditional Reporting does).
 *
 *   optimal_ldp(joint, eps)        Theorem 2: the best vertex of Gamma (5)-(7)
 *   optimal_lip(joint, eps)        Theorem 3: vertices of Delta (15) and the LP (17)-(19)
 *   grr_matrix / oue_matrix / cr_matrix, protocol_matrix   (28), (31), Algorithm 1 / (46)
 *   calibrate(protocol, target, joint, eps)   alpha with closed-form privacy (29)/(32)/(33) = eps
 *   utility (I(X;Y), Problem 2), leakage (I(S;Y), Problem 1), lip (27), ldp_secret (1),
 *   ldp_input, srlip (22)
 *
 * Not yet here: the design-with-audit composition, which still lives in the JSON handler
 * (core/funnel/handler.cpp); audit a protocol with privlab/audit.h and these metrics.
 */
#pragma once
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_ldp.h"
#include "funnel/optimal_lip.h"
#include "funnel/protocol_metrics.h"
#include "privlab/audit.h"
#include "privlab/model.h"
