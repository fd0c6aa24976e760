"""Property test of issue 24: every exported typed function, called with a hostile value in each
argument ({NaN, inf, negative, wrong shape, wrong type, None, strings}) and with its matrix
arguments swapped, raises a PrivlabError naming that argument (.field is "/arg" or "/arg/..."),
never a number and never another exception type. Plus the issue's quoted reproductions."""
import inspect
import math

import numpy as np
import pytest

import privlab

P = np.array([[0.07, 0.10], [0.26, 0.57]])             # joint [s][u]
Q = np.array([[0.7, 0.2, 0.1, 0.3], [0.3, 0.8, 0.9, 0.7]])  # mechanism 2 x |S||U|
F = np.array([[0.30, 0.15, 0.05], [0.10, 0.15, 0.25]])  # funnel / estimation joint [s][x]
FQ = np.array([[0.6, 0.3, 0.1], [0.4, 0.7, 0.9]])
G = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]])  # game p [o][s]
PRIOR = np.array([0.5, 0.3, 0.2])
D = np.abs(np.subtract.outer(np.arange(3.0), np.arange(3.0)))
BALL = {"alpha": 2, "radius": 0.05}

# (function, valid keyword arguments, arguments where a negative value is legitimate)
CALLS = [
    (privlab.metrics.entropy, dict(p=np.array([0.5, 0.5])), ()),
    (privlab.metrics.mutual_information, dict(px=np.full(4, 0.25), q=Q), ()),
    (privlab.metrics.realized_epsilon, dict(q=Q, joint=P), ()),
    (privlab.metrics.ldp_epsilon, dict(q=Q), ()),
    (privlab.metrics.simplex_rldp_epsilon, dict(q=Q, num_s=2, num_u=2), ()),
    (privlab.rldp.design, dict(joint=P, mechanism="grr", epsilon=1.0, uncertainty=BALL), ()),
    (privlab.rldp.measure, dict(q=Q, joint=P, uncertainty=BALL), ()),
    (privlab.rldp.renyi_ball, dict(alpha=2.0, radius=0.1), ()),
    (privlab.rldp.renyi_ball_confidence, dict(alpha=2.0, confidence=0.95, n=100, num_x=4), ()),
    (privlab.rldp.sweep, dict(joint=P, mechanism="grr", epsilons=np.array([0.5, 1.0])), ()),
    (privlab.game.optimal_attack, dict(p=G, prior=PRIOR, distance=D), ()),
    (privlab.game.bayes_attack, dict(p=G, prior=PRIOR), ()),
    (privlab.game.design, dict(prior=PRIOR, distance=D, mechanism="joint", epsilon=0.5, min_distortion=0.3), ()),
    (privlab.funnel.design, dict(joint=F, mechanism="grr", epsilon=1.0, metric="ldp"), ()),
    (privlab.funnel.measure, dict(q=FQ, joint=F), ()),
    (privlab.funnel.sweep, dict(joint=F, mechanism="grr", epsilons=np.array([0.5, 1.0])), ()),
    (privlab.estimation.analyze, dict(joint=F), ()),
    (privlab.estimation.measure, dict(q=FQ, joint=F), ()),
    (privlab.estimation.chi_square_information, dict(joint=F), ()),
    (privlab.estimation.design, dict(joint=F, private_functions=[np.array([1.0, 0.0])],
                                     useful_functions=[np.array([0.0, 1.0, 0.0])], theta=0.5),
     ("private_functions", "useful_functions")),
    (privlab.rldp_mse.design, dict(joint=P, problem="nunp", epsilon=1.0, uncertainty={"radius": 0.05}), ()),
    (privlab.rldp_mse.measure, dict(q=np.array([[0.7, 0.2, 0.6, 0.3], [0.3, 0.8, 0.4, 0.7]]), joint=P,
                                    uncertainty={"radius": 0.05}), ()),
    (privlab.rldp_mse.radius_from_confidence, dict(confidence=0.95, n=100, num_x=4), ()),
]

STRING_ARGS = {"mechanism", "problem", "metric"}


def hostile_values(value):
    """{name: value} of the hostile variants of one argument."""
    if isinstance(value, dict):
        key = next(iter(value))
        return {"NaN": {**value, key: math.nan}, "inf": {**value, key: math.inf}, "negative": {**value, key: -1.0},
                "wrong shape": [value], "wrong type": object(), "None": None,
                "strings": {**value, key: "abc"}}
    if isinstance(value, list):  # a list of functions
        return {"NaN": [np.full_like(value[0], math.nan)], "inf": [np.full_like(value[0], math.inf)],
                "negative": [-value[0]], "wrong shape": [np.ones((2, 2))], "wrong type": object(), "None": None,
                "strings": ["abc"]}
    if isinstance(value, np.ndarray):
        nan, inf, neg = value.copy(), value.copy(), value.copy()
        nan.flat[0], inf.flat[0], neg.flat[0] = math.nan, math.inf, -0.5
        wrong = value.ravel() if value.ndim == 2 else value.reshape(1, -1)[:, :1].repeat(2, axis=0)
        return {"NaN": nan, "inf": inf, "negative": neg, "wrong shape": wrong, "wrong type": {"a": 1},
                "None": None, "strings": np.array([["a", "b"], ["c", "d"]])}
    return {"NaN": math.nan, "inf": math.inf, "negative": -1, "wrong shape": [value, value],
            "wrong type": object(), "None": None, "strings": "abc"}


def names(err):
    return err.field.strip("/").split("/")[0] if err.field else ""


def optional(fn, arg):
    """None is a legitimate value of an argument whose default is None (e.g. uncertainty)."""
    return inspect.signature(fn).parameters[arg].default is None


CASES = [(fn, args, arg, kind, bad)
         for fn, args, legit_negative in CALLS
         for arg, value in args.items() if arg not in STRING_ARGS
         for kind, bad in hostile_values(value).items()
         if not (kind == "negative" and arg in legit_negative) and not (kind == "None" and optional(fn, arg))]


@pytest.mark.parametrize("fn,args,arg,kind,bad", CASES,
                         ids=[f"{c[0].__module__}.{c[0].__name__}-{c[2]}-{c[3]}" for c in CASES])
def test_hostile_argument_raises_privlab_error_naming_it(fn, args, arg, kind, bad):
    with pytest.raises(privlab.PrivlabError) as info:
        fn(**{**args, arg: bad})
    related = {a for a, v in args.items() if isinstance(v, np.ndarray)} if kind == "wrong shape" else set()
    # renyi_ball(alpha, radius) and friends name their arguments as the request does: /uncertainty/alpha
    named = names(info.value) in {arg} | related or info.value.field.startswith(f"/uncertainty/{arg}")
    assert named, (info.value.field, str(info.value))
    assert isinstance(info.value, ValueError) and info.value.code


def test_every_valid_call_answers():
    for fn, args, _ in CALLS:
        fn(**args)


SWAPS = [(fn, args) for fn, args, _ in CALLS if sum(isinstance(v, np.ndarray) and v.ndim == 2 for v in args.values()) >= 2]


@pytest.mark.parametrize("fn,args", SWAPS, ids=[f"{f.__module__}.{f.__name__}" for f, _ in SWAPS])
def test_swapped_matrix_arguments_are_refused(fn, args):
    mats = [a for a, v in args.items() if isinstance(v, np.ndarray) and v.ndim == 2]
    a, b = mats[0], mats[1]
    with pytest.raises(privlab.PrivlabError) as info:
        fn(**{**args, a: args[b], b: args[a]})
    assert names(info.value) in {a, b}


def test_swapped_funnel_and_rldp_measure_are_refused():  # issue 24: 0.39 instead of 1.04
    with pytest.raises(privlab.PrivlabError):
        privlab.funnel.measure(F, FQ)
    with pytest.raises(privlab.PrivlabError):
        privlab.rldp.measure(P, Q)


# ---- the quoted reproductions of issue 24 ----
@pytest.mark.parametrize("q", [np.full((2, 4), math.nan), np.ones((2, 4)), -Q])
def test_rldp_measure_refuses_nan_ones_negative(q):
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.measure(q, P)
    assert info.value.field.startswith("/q/")
    with pytest.raises(privlab.PrivlabError) as same:  # the JSON door refuses it with the same code
        privlab.solve({"family": "rldp", "evaluate": q, "joint": P})
    assert same.value.code == info.value.code


def test_metrics_refuse_nan_and_negative():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.metrics.ldp_epsilon(np.full((2, 2), math.nan))
    assert info.value.code == "not_finite" and info.value.field == "/q/0/0"
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.metrics.entropy([1.5, -0.5])
    assert info.value.field == "/p/1"


@pytest.mark.parametrize("n", [3, 5])
def test_mutual_information_checks_sizes(n):
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.metrics.mutual_information(np.full(n, 1 / n), np.full((4, 4), 0.25))
    assert info.value.code == "shape_mismatch" and info.value.field == "/px"


def test_optimal_attack_checks_sizes():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.game.optimal_attack(np.full((3, 5), 1 / 3), np.full(4, 0.25), np.ones((4, 4)))
    assert info.value.field == "/prior"


def test_game_design_requires_its_levels():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.game.design(PRIOR, D, "dp")
    assert (info.value.code, info.value.field) == ("missing_field", "/epsilon")
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.game.design(PRIOR, D, "joint", epsilon=0.5)
    assert (info.value.code, info.value.field) == ("missing_field", "/min_distortion")


def test_nan_in_a_numpy_joint_names_the_cell():
    joint = P.copy()
    joint[0, 1] = math.nan
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.design(joint, "grr", 1.0)
    assert (info.value.code, info.value.field) == ("not_finite", "/joint/0/1")
    assert "joint" in str(info.value)
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve({"family": "rldp", "mechanism": "grr", "joint": joint, "epsilon": 1})
    assert (info.value.code, info.value.field) == ("not_finite", "/joint/0/1")


def test_a_1d_array_is_not_a_column_and_strings_are_not_numbers():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.measure(np.array([0.5, 0.5]), P)
    assert info.value.field == "/q"
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.measure(np.array([["0.5", "0.5"], ["0.5", "0.5"]]), P)
    assert info.value.code == "not_a_number"


def test_solve_takes_numpy_and_returns_numpy():
    request = {"family": "rldp", "mechanism": "grr", "joint": P, "epsilon": np.float32(1.0), "n": np.int64(100),
               "uncertainty": {"alpha": 2, "confidence": 0.95}}
    r = privlab.solve(request, numpy=True)
    assert isinstance(r["mechanism"], np.ndarray) and r.mechanism.shape == (4, 4)
    plain = privlab.solve({**request, "joint": P.tolist(), "epsilon": 1.0, "n": 100})
    assert np.array_equal(r.mechanism, np.array(plain["mechanism"]))
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve({**request, "epsilon": math.nan})
    assert info.value.field == "/epsilon"


def test_unknown_fields_are_refused_with_the_nearest_name():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve({"family": "rldp", "mechanism": "grr", "joint": P, "epsilon": 1, "true_jiont": P})
    assert (info.value.code, info.value.field) == ("unknown_field", "/true_jiont")
    assert "true_joint" in str(info.value)
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.design(P, "polyopt", 1.0, {"alpha": 2, "confidance": 0.95, "n": 100})
    assert (info.value.code, info.value.field) == ("unknown_field", "/uncertainty/confidance")
    assert "confidence" in str(info.value)


HOSTILE_REQUEST_VALUES = [math.nan, math.inf, -1, "abc", None, object(), np.array(["a"]), [[1, 2], [3]]]


@pytest.mark.parametrize("value", HOSTILE_REQUEST_VALUES, ids=repr)
@pytest.mark.parametrize("field", ["joint", "epsilon", "uncertainty"])
def test_solve_refuses_hostile_values_with_privlab_error(field, value):
    request = {"family": "rldp", "mechanism": "grr", "joint": P, "epsilon": 1.0, "uncertainty": "point"}
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve({**request, field: value})
    assert info.value.field.startswith("/" + field)
