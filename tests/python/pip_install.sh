#!/usr/bin/env bash
# CTest python_pip_install: `pip install --no-build-isolation SRC` into a fresh venv (numpy and
# the build tools from Debian through --system-site-packages; no package index is contacted), then
# the installed package: its version, a typed call, and every examples/python script.
#   bash tests/python/pip_install.sh SRC WORK
set -euo pipefail
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
py="$work/venv/bin/python"
# A copy of the source (as a clean clone would be), so that the build leaves nothing in SRC.
tar -C "$src" --exclude=./build --exclude=./node_modules --exclude=./.git -cf - . | (mkdir -p "$work/src" && tar -C "$work/src" -xf -)
PIP_NO_INDEX=1 "$py" -m pip install --no-build-isolation --no-deps -q "$work/src"
cd "$work"  # not the source tree: the import must find the installed package
"$py" - <<'PY'
import privlab, numpy as np
assert privlab.__file__.startswith(__import__("sys").prefix), privlab.__file__
print("privlab", privlab.__version__, "from", privlab.__file__)
d = privlab.rldp.design(np.array([[0.07, 0.10], [0.26, 0.57]]), "grr", 1.0)
assert d.audit["verified"]
PY
for example in "$src"/examples/python/*.py; do
  echo "== $example"
  MPLBACKEND=Agg "$py" "$example" "$work/$(basename "$example" .py).png"
done
