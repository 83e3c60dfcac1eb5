#pragma once
namespace linkphy::sweeps {
/// The module's name, "sweeps".
const char *module_name();
} // namespace linkphy::sweeps
