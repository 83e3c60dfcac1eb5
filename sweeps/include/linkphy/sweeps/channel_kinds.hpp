// Registry of channel spec kinds: "KIND:key=value,..." → a stage. Each family of media registers
// its kinds from its own file (copper kinds from copper_kinds.cpp; optical kinds may register
// from theirs) with a static `const bool registered = register_channel_kind(...)`.
//
// Linking note: the registry lives in a static library, so a file that only self-registers is
// linked in only when something references it. channel_kinds.cpp references the copper anchor;
// another family must reference its own anchor (or the library be linked whole-archive).
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
  channels::ChannelCatalogs catalogs;
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

/// Registers a kind (name must be new; throws std::logic_error on a duplicate). `help` is one
/// line listing the kind's keys with their units.
bool register_channel_kind(const std::string &kind, const std::string &help,
                           ChannelFactory factory);

/// Builds the stage of a spec string. Throws InputError on an unknown kind (listing the known
/// ones) or on a bad key (from the factory).
ChannelStage make_channel_stage(const std::string &spec_text, const ChannelContext &ctx);

/// Registered kind names, sorted.
std::vector<std::string> channel_kind_names();
/// One-line help of a kind ("" when unknown).
std::string channel_kind_help(const std::string &kind);

} // namespace linkphy::sweeps
