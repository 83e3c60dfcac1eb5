# Every dependency comes from a Debian package (see scripts/install-deps.sh).
find_package(Eigen3 3.4 REQUIRED NO_MODULE)
find_package(Boost 1.74 REQUIRED) # Boost.Units is header-only
find_package(PkgConfig REQUIRED)
# FFTW ships no CMake config in Debian: found through pkg-config (the exported config re-does this).
pkg_check_modules(FFTW3 REQUIRED IMPORTED_TARGET GLOBAL fftw3)
find_package(tomlplusplus REQUIRED)
find_package(CLI11 CONFIG QUIET)
if(NOT CLI11_FOUND)
  find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp REQUIRED)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${CLI11_INCLUDE_DIR})
endif()
find_package(Threads REQUIRED)
