// The doctest runner of the C++ unit tests (registered with CTest as core_unit_tests).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
