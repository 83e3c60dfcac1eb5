#pragma once
namespace linkphy::transceivers {
/// The module's name, "transceivers".
const char *module_name();
} // namespace linkphy::transceivers
