"""Tests of the Python module privlab (python/privlab_module.cpp): the JSON API through dicts,
errors as PrivlabError, the typed API with numpy arrays, and the Example 3 script.
Run by CTest (python_tests) with PYTHONPATH=build/python and /usr/bin/python3 -m pytest."""
import json
import math
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import privlab

ROOT = pathlib.Path(__file__).resolve().parents[2]
P_HAT = np.array([[0.07, 0.10], [0.26, 0.57]])
BALL = {"alpha": 2, "radius": 0.0752}


def cli(request):
    """The same request through the command-line tool (PRIVLAB, set by CTest)."""
    out = subprocess.run([os.environ.get("PRIVLAB", str(ROOT / "build/bin/privlab")), "solve", "-"],
                         input=json.dumps(request), capture_output=True, text=True)
    return out.returncode, json.loads(out.stdout)


def test_solve_gives_the_cli_response():
    request = json.loads((ROOT / "examples/rldp-example1-polyopt.json").read_text())
    code, expected = cli(request)
    assert code == 0
    assert privlab.solve(request) == expected


def test_solve_runs_an_experiment():
    r = privlab.solve({"family": "rldp-mse", "experiment": "figure2a", "K": 2})
    assert r["experiment"] == "figure2a"
    assert len(r["rows"]) == 8


def test_errors_raise_privlab_error_with_code_and_field():
    request = {"family": "rldp", "mechanism": "srr", "joint": [[0.5, 0.4]], "epsilon": 1}
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve(request)
    assert info.value.code == "not_a_distribution"
    assert info.value.field == "/joint"
    assert info.value.exit_code == 2 and info.value.kind == "bad_request"
    code, cli_response = cli(request)
    assert code == 2 and cli_response["error"]["code"] == info.value.code
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.solve({"family": "rldp", "mechanism": "srr", "joint": [[0.5, 0.5]], "epsilon": -1})
    assert info.value.field == "/epsilon"
    assert isinstance(info.value, ValueError)


def test_typed_design_is_example3_and_matches_solve():
    d = privlab.rldp.design(P_HAT, "polyopt", math.log(2), {"alpha": 2, "confidence": 0.95, "n": 100})
    assert isinstance(d["mechanism"], np.ndarray) and d["mechanism"].shape[1] == 4
    assert abs(d["mutual_information"] - 0.4228) <= 0.5e-4  # Example 3
    assert d["audit"]["verified"] and d["robust_epsilon"] <= math.log(2) + 1e-9
    np.testing.assert_allclose(d["mechanism"].sum(axis=0), 1, atol=1e-9)
    r = privlab.solve({"family": "rldp", "mechanism": "polyopt", "joint": P_HAT.tolist(), "epsilon": math.log(2),
                       "n": 100, "uncertainty": {"alpha": 2, "confidence": 0.95}})
    assert np.array_equal(d["mechanism"], np.array(r["mechanism"]))
    assert d["mutual_information"] == r["mutual_information"]
    assert d["robust_epsilon"] == r["robust_epsilon"]
    assert d["details"]["vertices"] == r["details"]["vertices"] == 16  # Example 3's 16 vertices
    assert d["details"]["lp_utility"] == r["details"]["lp_utility"]
    np.testing.assert_array_equal(d["details"]["lower"], np.array(r["details"]["lower"]))


@pytest.mark.parametrize("mechanism", ["grr", "srr", "ir", "nr", "polyopt"])
def test_typed_measure_agrees_with_design(mechanism):
    d = privlab.rldp.design(P_HAT, mechanism, 0.9, BALL)
    m = privlab.rldp.measure(d["mechanism"], P_HAT, privlab.rldp.renyi_ball(2, 0.0752))
    assert m["mutual_information"] == d["mutual_information"]
    assert m["robust_epsilon"] <= 0.9 + 1e-7 or mechanism in ("grr", "srr", "nr")
    assert privlab.metrics.ldp_epsilon(d["mechanism"]) == d["ldp_epsilon"]


def test_typed_errors_name_the_field():
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.design(np.array([[0.5, 0.4]]), "srr", 1.0)
    assert info.value.code == "not_a_distribution"
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.design(P_HAT, "zzz", 1.0)
    assert (info.value.code, info.value.field) == ("unknown_value", "/mechanism")
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.game.design(np.array([0.5, 0.4]), np.zeros((2, 2)), "dp", 1.0)
    assert (info.value.code, info.value.field) == ("not_a_distribution", "/prior")


def test_typed_game_design_matches_solve():
    prior = np.array([0.2, 0.5, 0.3])
    distance = np.array([[0, 1, 3], [1, 0, 2], [3, 2, 0]], dtype=float)
    for name in ("distortion", "dp", "joint"):
        d = privlab.game.design(prior, distance, name, epsilon=0.5, min_distortion=0.4)
        r = privlab.solve({"family": "game", "mechanism": name, "prior": prior.tolist(), "utility_loss": "hamming",
                           "distance": distance.tolist(), "epsilon": 0.5, "min_distortion": 0.4})
        assert np.array_equal(d["mechanism"], np.array(r["mechanism"]))
        assert d["cost"] == r["cost"] and d["adversary_error"] == r["adversary_error"]
        assert d["audit"]["verified"]
        guess, error = privlab.game.optimal_attack(d["mechanism"], prior, distance)
        assert error == d["adversary_error"] and list(guess) == list(d["attack"])


def test_example3_script_reproduces_the_paper_and_draws(tmp_path):
    out = tmp_path / "example3.png"
    run = subprocess.run([sys.executable, str(ROOT / "examples/python/rldp_example3.py"), str(out)],
                         capture_output=True, text=True, env={**os.environ})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "DIFFERS" not in run.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


FUNNEL_JOINT = np.array([[0.2, 0.1, 0.15], [0.05, 0.3, 0.2]])


@pytest.mark.parametrize("mechanism", ["opt-lip", "opt-ldp", "grr", "oue", "cr"])
def test_typed_funnel_design_matches_solve(mechanism):
    d = privlab.funnel.design(FUNNEL_JOINT, mechanism, 0.5, metric="ldp")
    r = privlab.solve({"family": "funnel", "mechanism": mechanism, "joint": FUNNEL_JOINT.tolist(), "epsilon": 0.5,
                       "metric": "ldp"})
    assert isinstance(d["mechanism"], np.ndarray)
    assert np.array_equal(d["mechanism"], np.array(r["mechanism"]))
    for key in ("mutual_information", "nmi", "leakage", "lip", "ldp"):
        assert d[key] == r[key], key
    assert d["audit"]["verified"] and d["audit"]["measured_epsilon"] == r["audit"]["measured_epsilon"]
    m = privlab.funnel.measure(d["mechanism"], FUNNEL_JOINT)
    assert m["mutual_information"] == d["mutual_information"]


def test_typed_funnel_product_and_errors():
    joint = np.array([[0.2, 0.1, 0.05, 0.15], [0.05, 0.15, 0.2, 0.1]])
    d = privlab.funnel.design(joint, "srlip-product", 1.5, attributes=[2, 2])
    r = privlab.solve({"family": "funnel", "mechanism": "srlip-product", "joint": joint.tolist(), "epsilon": 1.5,
                       "attributes": [2, 2]})
    assert d["srlip"] == r["srlip"] and len(d["per_attribute"]) == 2
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.funnel.design(FUNNEL_JOINT, "grr", 0.5, attributes=[2, 2])
    assert (info.value.code, info.value.field) == ("attributes_mismatch", "/attributes")


ESTIMATION_JOINT = np.array([[0.1, 0.05, 0.05], [0.05, 0.2, 0.05], [0.1, 0.1, 0.3]])


def test_typed_estimation_matches_solve():
    r = privlab.solve({"family": "estimation", "joint": ESTIMATION_JOINT.tolist(), "private_functions": [[1, 0, 0]],
                       "useful_functions": [[0, 1, 0], [0, 0, 1]], "theta": 0.7, "objective": "sum"})
    a = privlab.estimation.analyze(ESTIMATION_JOINT)
    assert list(a["pics"]) == r["pics"] and a["chi2"] == r["chi2"]
    assert np.array_equal(a["upper_bound"], np.array(r["upper_bound"]))
    assert np.array_equal(a["theorem3"]["mechanism"], np.array(r["theorem3"]["mechanism"]))
    assert a["theorem3"]["audit"]["verified"]
    d = privlab.estimation.design(ESTIMATION_JOINT, [np.array([1.0, 0, 0])], [[0, 1, 0], [0, 0, 1]], 0.7,
                                  objective="sum")
    assert np.array_equal(d["mechanism"], np.array(r["design"]["mechanism"]))
    assert d["chi2_sy"] == r["design"]["chi2_sy"] and d["chi2_xy"] == r["design"]["chi2_xy"]
    assert d["audit"][0]["verified"] and d["private"][0]["mmse"] >= 0.7 - 1e-9
    m = privlab.estimation.measure(d["mechanism"], ESTIMATION_JOINT)  # the mechanism first (issue 24)
    assert m["chi2_sy"] == d["chi2_sy"]
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.estimation.design(ESTIMATION_JOINT, [[1, 0, 0]], [[0, 1, 0]], 1.5)
    assert (info.value.code, info.value.field) == ("out_of_range", "/theta/0")


def test_typed_rldp_mse_matches_solve():
    request = json.loads((ROOT / "examples/rldp-mse-four-problems-rurp.json").read_text())
    r = privlab.solve(request)
    counts = np.array(request["joint"], dtype=float)
    d = privlab.rldp_mse.design(counts, "rurp", 0.5, {"confidence": 0.95}, true_joint=np.array(request["true_joint"]))
    assert np.array_equal(d["mechanism"], np.array(r["mechanism"]))
    for key in ("distortion", "robust_distortion", "robust_epsilon", "objective", "optimality_gap"):
        assert d[key] == r[key], key
    assert d["true"]["distortion"] == r["true"]["distortion"]
    assert d["audit"]["verified"] and d["audit"]["guarantee"] == r["audit"]["guarantee"]
    m = privlab.rldp_mse.measure(d["mechanism"], counts, {"radius": d["radius"]})
    assert m["robust_epsilon"] == d["robust_epsilon"]
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp_mse.design(counts, "rurp", 0.0, {"confidence": 0.95})
    assert info.value.field == "/epsilon"
