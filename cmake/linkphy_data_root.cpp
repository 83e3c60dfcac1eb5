// Compiled into every program built against an installed linkphy (the exported linkphy::phy's
// INTERFACE_SOURCES, cmake/ in the source tree): before main, points the library at the data of
// the prefix the package was found in (linkphy::set_data_root), wherever that prefix now lives.
#include <linkphy/phy/params.hpp>

namespace {
[[maybe_unused]] const bool linkphy_data_root_set = [] {
  if (linkphy::data_root().empty()) // a program linking two copies keeps the first
    linkphy::set_data_root(LINKPHY_INSTALLED_DATA_ROOT);
  return true;
}();
} // namespace
