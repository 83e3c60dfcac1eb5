// where() of the InputError a callable throws, for tests of error names. Header-only.
#pragma once

#include <linkphy/phy/error.hpp>

#include <functional>
#include <string>

namespace linkphy::test {

/// The where() of the InputError `f` throws; "(no error)" when it throws none (other exceptions
/// propagate, so that a wrong exception type fails the test).
inline std::string where_of(const std::function<void()> &f) {
  try {
    f();
  } catch (const InputError &e) {
    return e.where();
  }
  return "(no error)";
}

} // namespace linkphy::test
