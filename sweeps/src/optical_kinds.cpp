// Optical channel kinds (smf, mmf) registered with the channel-kind registry. The stage carries the
// fibre link (family "optical", `other` = channels::FibreLink) and its 2-port view for `linkphy
// channel`: il_db at 0 Hz is the optical insertion loss in dB and S21/S21(0) is the normalised
// intensity transfer function (dispersion with chirp, modal bandwidth, PMD); see
// channels/fibre_spec.hpp.
#include <linkphy/channels/fibre_spec.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>

#include <memory>

namespace linkphy::sweeps {

namespace {
bool register_optical() {
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
  return true;
}
} // namespace

// Referenced from sweeps/cli/optical_budget_command.cpp so that the static library's object is
// linked into the CLI (see channel_kinds.hpp's linking note).
extern const bool optical_kinds_registered;
const bool optical_kinds_registered = register_optical();

} // namespace linkphy::sweeps
