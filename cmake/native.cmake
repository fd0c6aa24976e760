# Native build: the command-line tool, the doctest suite and the benchmark runner.
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(nlohmann_json 3 REQUIRED)
find_path(GLPK_INCLUDE_DIR glpk.h REQUIRED)
find_library(GLPK_LIBRARY glpk REQUIRED)
find_path(CDD_INCLUDE_DIR cdd.h PATH_SUFFIXES cdd cddlib REQUIRED)
find_library(CDD_LIBRARY cdd REQUIRED)
find_path(BOOST_MATH_INCLUDE_DIR boost/math/distributions/chi_squared.hpp REQUIRED)

target_include_directories(privlab_core SYSTEM PUBLIC ${GLPK_INCLUDE_DIR} ${CDD_INCLUDE_DIR} ${BOOST_MATH_INCLUDE_DIR})
find_package(Threads REQUIRED)  # the decomposition's pricing groups (core/common/worker_thread.h)
target_link_libraries(privlab_core PUBLIC Eigen3::Eigen nlohmann_json::nlohmann_json ${GLPK_LIBRARY} ${CDD_LIBRARY} Threads::Threads)
target_compile_options(privlab_core PRIVATE -Wall -Wextra)

file(GLOB PRIVLAB_CLI_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/cli/*.cpp)
add_executable(privlab ${PRIVLAB_CLI_SOURCES})
target_compile_definitions(privlab PRIVATE PRIVLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
target_link_libraries(privlab PRIVATE privlab_core)

# ---- tests: one doctest binary over tests/core, registered with CTest ----
find_path(DOCTEST_INCLUDE_DIR doctest/doctest.h REQUIRED)
file(GLOB_RECURSE PRIVLAB_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/core/*.cpp)
add_executable(privlab_tests ${PRIVLAB_TEST_SOURCES})
target_include_directories(privlab_tests PRIVATE ${DOCTEST_INCLUDE_DIR} ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(privlab_tests PRIVATE privlab_core)
target_compile_definitions(privlab_tests PRIVATE PRIVLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
enable_testing()
add_test(NAME core_unit_tests COMMAND privlab_tests --no-version)
add_test(NAME cli_contract COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         bash ${CMAKE_SOURCE_DIR}/tests/cli/run_cli_tests.sh)

# ---- sanitizers and the fuzzer (scripts/build-fuzzer.sh; clang only) ----
# build/sanitize serves both: the library and the unit tests under AddressSanitizer and
# UndefinedBehaviorSanitizer, and the libFuzzer target on api::solve (tests/fuzz/), which fuzzes
# at full speed (no coverage instrumentation: it halved the executions per second, issue 28).
# build/fuzz-coverage (PRIVLAB_COVERAGE alone: no sanitizers) replays the corpus the fuzzer kept
# with clang's source-based coverage, for llvm-cov's per-directory report.
option(PRIVLAB_SANITIZE "ASan + UBSan build with the libFuzzer target (clang)" OFF)
option(PRIVLAB_COVERAGE "libFuzzer target with clang source-based coverage (-fprofile-instr-generate -fcoverage-mapping)" OFF)
if(PRIVLAB_SANITIZE OR PRIVLAB_COVERAGE)
  if(PRIVLAB_SANITIZE)
    set(PRIVLAB_SANITIZERS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_compile_options(privlab_core PUBLIC ${PRIVLAB_SANITIZERS})
    target_link_options(privlab_core PUBLIC ${PRIVLAB_SANITIZERS})
  endif()
  target_compile_options(privlab_core PUBLIC -fsanitize=fuzzer-no-link)
  add_executable(privlab_fuzz ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_solve.cpp)
  target_link_libraries(privlab_fuzz PRIVATE privlab_core)
  target_link_options(privlab_fuzz PRIVATE -fsanitize=fuzzer)
  if(PRIVLAB_COVERAGE)
    target_compile_options(privlab_core PUBLIC -fprofile-instr-generate -fcoverage-mapping)
    target_link_options(privlab_core PUBLIC -fprofile-instr-generate)
  endif()
endif()
# The fuzzer's dictionary holds every request key and enumerated value (scripts/fuzz-dictionary.mjs).
add_test(NAME fuzz_dictionary COMMAND node ${CMAKE_SOURCE_DIR}/scripts/fuzz-dictionary.mjs --check ${CMAKE_SOURCE_DIR})
# Issue 28: reproductions and documented maxima answer or refuse within a bound; witnesses.
add_test(NAME cli_work_budget COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         bash ${CMAKE_SOURCE_DIR}/tests/cli/run_work_budget_tests.sh)
add_test(NAME cli_shards COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         bash ${CMAKE_SOURCE_DIR}/tests/cli/run_shard_tests.sh)
add_test(NAME cli_gnu_parallel COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         bash ${CMAKE_SOURCE_DIR}/tests/cli/run_parallel_test.sh)
# Golden responses of examples/*.json (issue 14): the same structure, numbers to 1e-9, timing aside.
add_test(NAME cli_golden_examples COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         bash ${CMAKE_SOURCE_DIR}/tests/cli/golden_examples.sh)
# The Adult census (data/README.md): decompressed for the CLI's --data, checked against its sums.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/data/adult.data
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/data
  COMMAND sh -c "gzip -dc '${CMAKE_SOURCE_DIR}/data/adult.data.gz' > '${CMAKE_BINARY_DIR}/data/adult.data'"
  DEPENDS ${CMAKE_SOURCE_DIR}/data/adult.data.gz VERBATIM)
add_custom_target(adult_data ALL DEPENDS ${CMAKE_BINARY_DIR}/data/adult.data)
add_test(NAME adult_data COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repo/adult_data.sh ${CMAKE_SOURCE_DIR})
add_test(NAME adult_presets COMMAND ${CMAKE_COMMAND} -E env PRIVLAB=$<TARGET_FILE:privlab>
         node ${CMAKE_SOURCE_DIR}/scripts/make-adult-presets.mjs --check)
# The repository stands on its own: no tracked file points outside it (tests/repo/self_contained.sh).
add_test(NAME self_contained COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repo/self_contained.sh ${CMAKE_SOURCE_DIR})
# One random module: every variate of core/ is drawn through core/common/random.h.
add_test(NAME one_random_module COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repo/one_random_module.sh ${CMAKE_SOURCE_DIR})
# The include rule of core/ (docs/architecture.md): no arrow back up into the dispatcher.
add_test(NAME include_rule COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-includes.sh ${CMAKE_SOURCE_DIR})

# ---- the typed library for other CMake projects: install() and find_package(privlab) ----
include(cmake/install.cmake)

# ---- the Python module `privlab` (pybind11 from Debian; not under Emscripten) ----
# Built for Debian's /usr/bin/python3 (python3 on PATH may be another interpreter); the module
# lands in build/python/, the folder that goes on PYTHONPATH.
set(PRIVLAB_PYTHON_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "the Python the module is built for")
if(NOT DEFINED PYTHON_EXECUTABLE AND EXISTS ${PRIVLAB_PYTHON_EXECUTABLE})
  set(PYTHON_EXECUTABLE ${PRIVLAB_PYTHON_EXECUTABLE})
endif()
find_package(pybind11 CONFIG QUIET)
option(PRIVLAB_PYTHON "build the Python module privlab (pybind11)" ${pybind11_FOUND})
if(PRIVLAB_PYTHON)
  # The module is a shared library: the static core it links must be position-independent.
  set_target_properties(privlab_core PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # The package privlab (python/privlab/*.py) around the extension privlab._core, assembled in
  # build/python/privlab so that PYTHONPATH=build/python imports it as pip installs it.
  pybind11_add_module(privlab_python ${CMAKE_SOURCE_DIR}/python/privlab_module.cpp
                      ${CMAKE_SOURCE_DIR}/python/bind_funnel.cpp ${CMAKE_SOURCE_DIR}/python/bind_estimation.cpp
                      ${CMAKE_SOURCE_DIR}/python/bind_rldp_mse.cpp ${CMAKE_SOURCE_DIR}/python/solve.cpp)
  target_link_libraries(privlab_python PRIVATE privlab_core)
  set_target_properties(privlab_python PROPERTIES OUTPUT_NAME _core
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/python/privlab)
  add_custom_command(TARGET privlab_python POST_BUILD
                     COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/python/privlab
                             ${CMAKE_BINARY_DIR}/python/privlab)
  add_test(NAME python_tests COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${CMAKE_BINARY_DIR}/python
           PRIVLAB=$<TARGET_FILE:privlab> PRIVLAB_BUILD=${CMAKE_BINARY_DIR}
           ${PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider ${CMAKE_SOURCE_DIR}/tests/python)
  # pip install --no-build-isolation . into a fresh venv, then the examples against the installed
  # package (tests/python/pip_install.sh; docs/python.md).
  add_test(NAME python_pip_install COMMAND bash ${CMAKE_SOURCE_DIR}/tests/python/pip_install.sh
           ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/pip-test)
endif()
