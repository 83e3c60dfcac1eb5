// Module anchor for linkphy::transceivers; the module's models live in the other files of this
// folder.
#include <linkphy/transceivers/module.hpp>

namespace linkphy::transceivers {
const char *module_name() { return "transceivers"; }
} // namespace linkphy::transceivers
