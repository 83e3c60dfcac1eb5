#pragma once
namespace linkphy::channels {
/// The module's name, "channels".
const char *module_name();
} // namespace linkphy::channels
