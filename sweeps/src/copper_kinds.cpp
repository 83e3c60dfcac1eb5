// Copper channel kinds (stripline, microstrip, coax, twinax, annex93a, package, via, connector)
// registered with the channel-kind registry; the models live in linkphy::channels (specs.hpp).
#include <linkphy/sweeps/channel_kinds.hpp>

namespace linkphy::sweeps {

void register_copper_kinds() {
  for (const auto &kind : channels::copper_kinds())
    register_channel_kind(
        kind, channels::copper_kind_help(kind), [](const Spec &spec, const ChannelContext &ctx) {
          ChannelStage s;
          s.electrical = channels::make_copper_medium(spec, ctx.catalogs, ctx.base_dir);
          return s;
        });
}

} // namespace linkphy::sweeps
