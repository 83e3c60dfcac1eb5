// Module anchor for linkphy::channels; the module's models live in the other files of this folder.
#include <linkphy/channels/module.hpp>

namespace linkphy::channels {
const char *module_name() { return "channels"; }
} // namespace linkphy::channels
