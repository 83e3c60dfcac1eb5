// Channel kind registry (spec kind → stage factory).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>

#include <map>
#include <stdexcept>

namespace linkphy::sweeps {

// Defined in copper_kinds.cpp and optical_kinds.cpp. Called once, explicitly: self-registration
// through static initialisers is dropped by the linker for objects of a static library.
void register_copper_kinds();
void register_optical_kinds();

namespace {
struct Entry {
  std::string help;
  ChannelFactory factory;
};
std::map<std::string, Entry> &raw_registry() {
  static std::map<std::string, Entry> r;
  return r;
}
// The registry with the built-in kinds in it (registered on first use, thread-safe).
std::map<std::string, Entry> &registry() {
  static const bool builtins = [] {
    register_copper_kinds();
    register_optical_kinds();
    return true;
  }();
  (void)builtins;
  return raw_registry();
}
} // namespace

bool register_channel_kind(const std::string &kind, const std::string &help,
                           ChannelFactory factory) {
  if (!raw_registry().emplace(kind, Entry{help, std::move(factory)}).second)
    throw std::logic_error("channel kind '" + kind + "' registered twice");
  return true;
}

ChannelStage make_channel_stage(const std::string &spec_text, const ChannelContext &ctx) {
  const Spec spec = parse_spec(spec_text);
  auto it = registry().find(spec.kind);
  if (it == registry().end()) {
    throw InputError(spec.params.where(),
                     "unknown kind '" + spec.kind + "'; accepted: " +
                         join_list(registry(), [](const auto &kv) { return kv.first; }));
  }
  return it->second.factory(spec, ctx);
}

std::vector<std::string> channel_kind_names() {
  std::vector<std::string> out;
  for (const auto &kv : registry())
    out.push_back(kv.first);
  return out;
}

std::string channel_kind_help(const std::string &kind) {
  auto it = registry().find(kind);
  return it == registry().end() ? std::string() : it->second.help;
}

} // namespace linkphy::sweeps
