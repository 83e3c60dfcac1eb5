// Optical channel kinds (smf, mmf) registered with the channel-kind registry. The stage carries the
// fibre link (family "optical", `other` = channels::FibreLink) and its 2-port view for `linkphy
// channel`: il_db at 0 Hz is the optical insertion loss in dB and S21/S21(0) is the normalised
// intensity transfer function (dispersion with chirp, modal bandwidth, PMD); see
// channels/fibre_spec.hpp.
#include <linkphy/channels/fibre_spec.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>

#include <memory>

namespace linkphy::sweeps {

void register_optical_kinds() {
  for (const char *kind : {"smf", "mmf"})
    register_channel_kind(kind, channels::fibre_kind_help(kind),
                          [](const Spec &spec, const ChannelContext &) {
                            ChannelStage s;
                            s.family = "optical";
                            const channels::FibreLink link = channels::make_fibre_link(spec);
                            s.electrical = std::make_unique<channels::FibreNetwork>(link);
                            s.other = link;
                            return s;
                          });
}

} // namespace linkphy::sweeps
