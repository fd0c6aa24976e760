# install() rules and the exported package privlab (find_package(privlab) from an install prefix):
#   cmake --install build --prefix PREFIX
#   consumer: find_package(privlab REQUIRED CONFIG) -> target privlab::core (C++20, headers, deps)
# Public headers: PREFIX/include/privlab/*.h; the internal headers they include:
# PREFIX/include/privlab/detail/<folder>/*.h; the static library: PREFIX/lib/libprivlab_core.a.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS privlab_core EXPORT privlabTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/core/include/privlab DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/core/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/privlab/detail
        FILES_MATCHING PATTERN "*.h" PATTERN "include" EXCLUDE)
install(EXPORT privlabTargets NAMESPACE privlab:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/privlab)

set(PRIVLAB_CONFIG_BODY
  "include(CMakeFindDependencyMacro)\n"
  "find_dependency(Eigen3 3.3 NO_MODULE)\n"
  "find_dependency(nlohmann_json 3)\n"
  "find_dependency(Threads)\n"
  "include(\${CMAKE_CURRENT_LIST_DIR}/privlabTargets.cmake)\n"
  "if(NOT TARGET privlab::core)\n  add_library(privlab::core INTERFACE IMPORTED)\n"
  "  set_target_properties(privlab::core PROPERTIES INTERFACE_LINK_LIBRARIES privlab::privlab_core)\nendif()\n")
file(WRITE ${CMAKE_BINARY_DIR}/install-config/privlabConfig.cmake ${PRIVLAB_CONFIG_BODY})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/install-config/privlabConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install-config/privlabConfig.cmake
              ${CMAKE_BINARY_DIR}/install-config/privlabConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/privlab)

# The build tree works as a prefix too (-Dprivlab_DIR=<privlab>/build), as before install().
export(EXPORT privlabTargets NAMESPACE privlab:: FILE ${CMAKE_BINARY_DIR}/privlabTargets.cmake)
file(WRITE ${CMAKE_BINARY_DIR}/privlabConfig.cmake ${PRIVLAB_CONFIG_BODY})

# examples/cpp (rldp, game, funnel) built against an install prefix, as a user would.
add_test(NAME example_cpp COMMAND bash ${CMAKE_SOURCE_DIR}/examples/cpp/build_installed.sh
         ${CMAKE_BINARY_DIR} ${CMAKE_BINARY_DIR}/install-test)
