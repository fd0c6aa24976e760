"""Builds privlab's extension privlab._core with CMake (target privlab_python) for the Python that
runs this script; the metadata is in pyproject.toml. Used by `pip install --no-build-isolation .`."""
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        out = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        args = [f"-DPYTHON_EXECUTABLE={sys.executable}", f"-DPRIVLAB_PYTHON_EXECUTABLE={sys.executable}",
                "-DPRIVLAB_PYTHON=ON", "-DCMAKE_BUILD_TYPE=Release"]
        if shutil.which("ccache"):
            args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), *args], check=True)
        jobs = os.environ.get("PRIVLAB_BUILD_JOBS", "2")
        subprocess.run(["cmake", "--build", str(build), "--target", "privlab_python", "-j", jobs], check=True)
        built = next((build / "python" / "privlab").glob("_core*.so"))
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, out)


setup(ext_modules=[CMakeExtension("privlab._core")], cmdclass={"build_ext": CMakeBuild})
