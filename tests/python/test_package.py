"""The package around the extension (python/privlab): __version__, typed results (attribute
access, numpy fields, repr, pickling), progress callbacks and Ctrl-C, the vectorised sweeps, and
the type stubs (mypy --strict over the package and examples/python, and no stub drift)."""
import importlib.util
import os
import pathlib
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import privlab

ROOT = pathlib.Path(__file__).resolve().parents[2]
P_HAT = np.array([[0.07, 0.10], [0.26, 0.57]])


def test_version_is_the_cores():
    assert privlab.__version__ == privlab._core.version() and privlab.__version__.count(".") == 2


def test_results_are_typed_picklable_and_readable():
    d = privlab.rldp.design(P_HAT, "srr", 1.0)
    assert isinstance(d.mechanism, np.ndarray) and d.mechanism is d["mechanism"]
    assert d.audit.verified is True  # nested objects are Results too
    text = repr(d)
    assert text.startswith("Result(") and "mutual_information=" in text and len(text) < 2000
    back = pickle.loads(pickle.dumps(d))
    assert isinstance(back, privlab.Result) and np.array_equal(back.mechanism, d.mechanism)
    with pytest.raises(AttributeError):
        d.no_such_field


def test_sweep_equals_a_loop_of_designs():
    eps = np.array([0.3, 0.7, 1.2])
    s = privlab.rldp.sweep(P_HAT, "polyopt", eps, {"alpha": 2, "radius": 0.0752})
    loop = [privlab.rldp.design(P_HAT, "polyopt", e, {"alpha": 2, "radius": 0.0752}).mutual_information for e in eps]
    assert s.mutual_information.tolist() == loop
    with pytest.raises(privlab.PrivlabError) as info:
        privlab.rldp.sweep(P_HAT, "grr", np.array([0.5, np.nan]))
    assert info.value.field == "/epsilons/1"
    f = privlab.funnel.sweep(np.array([[0.3, 0.15, 0.05], [0.1, 0.15, 0.25]]), "opt-ldp", [0.5, 1.0], "ldp")
    assert np.all(np.diff(f.mutual_information) >= -1e-12)  # more budget, no less utility


def test_experiment_reports_progress():
    seen = []
    r = privlab.experiment("rldp-mse", "figure2a", progress=lambda f, s: seen.append((f, s)), K=2)
    assert r.experiment == "figure2a" and seen and all(0 <= f <= 1 for f, _ in seen)


def test_an_exception_in_the_progress_callback_cancels():
    def stop(fraction, stage):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        privlab.experiment("rldp-mse", "figure2a", progress=stop, K=2)


def test_ctrl_c_interrupts_within_a_second():
    script = textwrap.dedent("""
        import os, signal, threading, time, privlab
        sent = []
        def interrupt():
            time.sleep(1.0)
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=interrupt, daemon=True).start()
        try:
            privlab.experiment("rldp-mse", "figure2a", K=400, allow_large=True)
            print("FINISHED")
        except KeyboardInterrupt:
            print("INTERRUPTED", time.monotonic() - sent[0])
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    words = out.stdout.split()
    assert words and words[0] == "INTERRUPTED", out.stdout + out.stderr
    assert float(words[1]) < 1.0


def test_stubs_have_no_drift():
    """Every function of the extension is in privlab/_core.pyi and the other way round."""
    stub = (pathlib.Path(privlab.__file__).parent / "_core.pyi").read_text()
    for sub in ("metrics", "rldp", "game", "funnel", "estimation", "rldp_mse"):
        module = getattr(privlab._core, sub)
        runtime = {n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n))}
        section = stub.split(f"class {sub}:")[1].split("\nclass ")[0]
        stubbed = {line.split("def ")[1].split("(")[0] for line in section.splitlines() if "def " in line}
        stubbed |= {line.split("class ")[1].split(":")[0] for line in section.splitlines() if "    class " in line}
        assert runtime == stubbed, (sub, runtime ^ stubbed)


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy (Debian python3-mypy) is not installed")
def test_mypy_strict_on_the_package_and_examples():
    package = pathlib.Path(privlab.__file__).parent
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null",
                          "--config-file", str(ROOT / "tests/python/mypy.ini"), str(package),
                          *map(str, sorted((ROOT / "examples/python").glob("*.py")))],
                         capture_output=True, text=True, cwd=package.parent)
    assert out.returncode == 0, out.stdout + out.stderr
