// Copper channel kinds (stripline, microstrip, coax, twinax, annex93a, package, via, connector)
// registered with the channel-kind registry; the models live in linkphy::channels (specs.hpp).
#include <linkphy/sweeps/channel_kinds.hpp>

namespace linkphy::sweeps {

namespace {
bool register_copper() {
  for (const auto &kind : channels::copper_kinds())
    register_channel_kind(
        kind, channels::copper_kind_help(kind), [](const Spec &spec, const ChannelContext &ctx) {
          ChannelStage s;
          s.electrical = channels::make_copper_medium(spec, ctx.catalogs, ctx.base_dir);
          return s;
        });
  return true;
}
} // namespace

extern const bool copper_kinds_registered;
const bool copper_kinds_registered = register_copper();

} // namespace linkphy::sweeps
