"""Every typed function's dict is the JSON response the CLI gives for the same request, field by
field (keys and values), because both are written by the same core writer (python/*.cpp call
core/<family>/*_json.h). The only keys that differ are listed here: PYTHON_ONLY (kept for the
documented Python API) and JSON_ONLY (the request's own echoes, or what the JSON answer computes
beyond the typed call). Run by CTest (python_tests) with PRIVLAB set to the CLI."""
import json
import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

import privlab

ROOT = pathlib.Path(__file__).resolve().parents[2]
P_HAT = np.array([[0.07, 0.10], [0.26, 0.57]])
FUNNEL_JOINT = np.array([[0.2, 0.1, 0.15], [0.05, 0.3, 0.2]])
ESTIMATION_JOINT = np.array([[0.1, 0.05, 0.05], [0.05, 0.2, 0.05], [0.1, 0.1, 0.3]])
# The fields the evaluate response adds around a given matrix (evaluate/evaluated_mechanism.h).
DESCRIBED = {"mechanism", "mechanism_name", "output_size", "audit"}


def cli(request):
    out = subprocess.run([os.environ.get("PRIVLAB", str(ROOT / "build/bin/privlab")), "solve", "-"],
                         input=json.dumps(request), capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def plain(value):
    """A typed result's value as the JSON text carries it: arrays as lists, +-inf as "Infinity"."""
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, float) and math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def same_fields(typed, response, python_only=(), json_only=()):
    """The keys differ exactly by python_only / json_only; every shared field is equal (exactly:
    the same computation, and the CLI writes doubles that read back bit for bit)."""
    assert set(typed) - set(response) == set(python_only)
    assert set(response) - set(typed) == set(json_only)
    for key in set(typed) & set(response):
        assert plain(typed[key]) == response[key], key
    for key, value in typed.items():  # matrices stay numpy arrays
        if isinstance(response.get(key), list) and response[key] and isinstance(response[key][0], list) \
                and all(isinstance(x, float) for row in response[key] for x in row):
            assert isinstance(value, np.ndarray), key


@pytest.mark.parametrize("mechanism,uncertainty,request_extra", [
    ("polyopt", {"alpha": 2, "confidence": 0.95, "n": 100}, {"n": 100, "uncertainty": {"alpha": 2, "confidence": 0.95}}),
    ("ir", {"alpha": 2, "radius": 0.0752}, {"uncertainty": {"alpha": 2, "radius": 0.0752}}),
    ("srr", "simplex", {"uncertainty": "simplex"}),
    ("nr", None, {}),
])
def test_rldp_design_is_the_json_response(mechanism, uncertainty, request_extra):
    d = privlab.rldp.design(P_HAT, mechanism, 0.7, uncertainty)
    r = cli({"family": "rldp", "mechanism": mechanism, "joint": P_HAT.tolist(), "epsilon": 0.7, **request_extra})
    same_fields(d, r, python_only={"ldp_epsilon", "simplex_epsilon"}, json_only={"n"} & set(request_extra))
    assert isinstance(d.mechanism, np.ndarray) and d.audit.verified


def test_rldp_measure_is_the_evaluate_response():
    q = privlab.rldp.design(P_HAT, "polyopt", 0.9, {"alpha": 2, "radius": 0.0752}).mechanism
    m = privlab.rldp.measure(q, P_HAT, {"alpha": 2, "radius": 0.0752})
    r = cli({"family": "rldp", "evaluate": q.tolist(), "joint": P_HAT.tolist(),
             "uncertainty": {"alpha": 2, "radius": 0.0752}})
    same_fields(m, r, json_only={"family"} | DESCRIBED)


@pytest.mark.parametrize("mechanism", ["distortion", "dp", "joint"])
def test_game_design_is_the_json_response(mechanism):
    prior = np.array([0.2, 0.5, 0.3])
    distance = np.array([[0, 1, 3], [1, 0, 2], [3, 2, 0]], dtype=float)
    d = privlab.game.design(prior, distance, mechanism, epsilon=0.5, min_distortion=0.4)
    r = cli({"family": "game", "mechanism": mechanism, "prior": prior.tolist(), "utility_loss": "hamming",
             "distance": distance.tolist(), "epsilon": 0.5, "min_distortion": 0.4})
    # The LP certificate is also at the top of the Python dict (docs/python.md).
    same_fields(d, r, python_only={"lower_bound", "gap", "exact"})
    assert (d.lower_bound, d.gap, d.exact) == (d.lp.lower_bound, d.lp.gap, d.lp.exact)
    assert isinstance(d.attack, list) and all(isinstance(g, int) for g in d.attack)  # indices stay ints


@pytest.mark.parametrize("mechanism,extra", [("opt-lip", {}), ("opt-ldp", {}), ("grr", {"metric": "ldp"}),
                                             ("oue", {}), ("cr", {}), ("srlip-product", {"attributes": [2, 2]})])
def test_funnel_design_is_the_json_response(mechanism, extra):
    joint = np.array([[0.2, 0.1, 0.05, 0.15], [0.05, 0.15, 0.2, 0.1]])
    d = privlab.funnel.design(joint, mechanism, 0.8, **extra)
    r = cli({"family": "funnel", "mechanism": mechanism, "joint": joint.tolist(), "epsilon": 0.8, **extra})
    same_fields(d, r)


def test_funnel_measure_is_the_evaluate_response():
    q = privlab.funnel.design(FUNNEL_JOINT, "opt-lip", 0.5).mechanism
    m = privlab.funnel.measure(q, FUNNEL_JOINT)
    r = cli({"family": "funnel", "evaluate": q.tolist(), "joint": FUNNEL_JOINT.tolist()})
    same_fields(m, r, json_only={"family", "input", "metric"} | DESCRIBED)


@pytest.mark.parametrize("joint", [ESTIMATION_JOINT, np.array([[0.25, 0.25, 0.0], [0.0, 0.25, 0.25]])])
def test_estimation_analyze_is_the_json_response(joint):
    a = privlab.estimation.analyze(joint)
    r = cli({"family": "estimation", "joint": joint.tolist()})
    json_only = {"family", "lower_bound_eq14", "achievable_hull"} | ({"perfect_privacy"} & set(r))
    same_fields(a, r, json_only=json_only)


def test_estimation_design_is_the_json_responses_design():
    d = privlab.estimation.design(ESTIMATION_JOINT, [np.array([1.0, 0, 0])], [[0, 1, 0], [0, 0, 1]], 0.7,
                                  objective="sum")
    r = cli({"family": "estimation", "joint": ESTIMATION_JOINT.tolist(), "private_functions": [[1, 0, 0]],
             "useful_functions": [[0, 1, 0], [0, 0, 1]], "theta": 0.7, "objective": "sum"})
    same_fields(d, r["design"])


def test_estimation_measure_is_the_evaluate_response():
    q = privlab.estimation.design(ESTIMATION_JOINT, [[1, 0, 0]], [[0, 1, 0]], 0.5).mechanism
    m = privlab.estimation.measure(q, ESTIMATION_JOINT)
    r = cli({"family": "estimation", "evaluate": q.tolist(), "joint": ESTIMATION_JOINT.tolist()})
    summary = {"pics", "chi2", "upper_bound", "lower_bound", "simple_bound", "maximal_correlation", "delta"}
    same_fields(m, r, json_only={"family"} | summary | DESCRIBED)


def test_rldp_mse_design_and_measure_are_the_json_responses():
    request = json.loads((ROOT / "examples/rldp-mse-four-problems-rurp.json").read_text())
    request = {k: v for k, v in request.items() if k not in ("title", "description")}
    r = cli(request)
    counts, truth = np.array(request["joint"], dtype=float), np.array(request["true_joint"])
    d = privlab.rldp_mse.design(counts, request["problem"], request["epsilon"], request["uncertainty"],
                                true_joint=truth)
    same_fields(d, r, python_only={"radius"}, json_only={"n"})  # radius: also uncertainty.radius
    assert d.radius == d.uncertainty.radius
    m = privlab.rldp_mse.measure(d.mechanism, counts, request["uncertainty"], true_joint=truth)
    r = cli({"family": "rldp-mse", "evaluate": d.mechanism.tolist(), "joint": request["joint"],
             "true_joint": request["true_joint"], "uncertainty": request["uncertainty"]})
    same_fields(m, r, json_only={"n", "ldp_epsilon"} | (DESCRIBED - {"mechanism"}))
