// Registry of channel spec kinds: "KIND:key=value,..." → a stage. Each family of media has its
// own registration function (register_copper_kinds in copper_kinds.cpp, register_optical_kinds in
// optical_kinds.cpp); channel_kinds.cpp calls them once on first use of the registry. (Static
// self-registration is avoided: the linker drops such objects from a static library.)
#pragma once

#include <linkphy/channels/specs.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/stage.hpp>

#include <any>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// What a factory may use besides the spec: catalogs (built-in + user) and the directory that
/// relative file names in specs are resolved against.
struct ChannelContext {
  channels::ChannelCatalogs catalogs; ///< built-in catalogs, with the user's (--catalog) over them
  /// Directory relative file names in specs are resolved against (not checked to exist here).
  std::filesystem::path base_dir = std::filesystem::current_path();
};

/// A built stage. Electrical media fill `electrical`; other families (optical) put their own
/// stage object into `other` and name the family.
struct ChannelStage {
  std::string family = "electrical";
  std::unique_ptr<ElectricalMedium> electrical;
  std::any other;
};

using ChannelFactory = std::function<ChannelStage(const Spec &spec, const ChannelContext &ctx)>;

/// Registers a kind (name must be new; throws std::logic_error on a duplicate; the name is not
/// otherwise checked). `help` is one line listing the kind's keys with their units. Returns true.
bool register_channel_kind(const std::string &kind, const std::string &help,
                           ChannelFactory factory);

/// Builds the stage of a spec string "KIND:key=value,..." (parse_spec). Throws InputError on
/// malformed text, an unknown kind (listing the known ones) or on a bad key or value (from the
/// factory, which checks each kind's ranges).
ChannelStage make_channel_stage(const std::string &spec_text, const ChannelContext &ctx);

/// Registered kind names, sorted.
std::vector<std::string> channel_kind_names();
/// One-line help of a kind ("" when unknown).
std::string channel_kind_help(const std::string &kind);

} // namespace linkphy::sweeps
