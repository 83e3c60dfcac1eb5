// Module anchor for linkphy::sweeps; the module's models live in the other files of this folder.
#include <linkphy/sweeps/module.hpp>

namespace linkphy::sweeps {
const char *module_name() { return "sweeps"; }
} // namespace linkphy::sweeps
