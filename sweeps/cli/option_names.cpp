// Library field names → command-line option names (option_names.hpp).
#include "option_names.hpp"

#include <linkphy/sweeps/field_names.hpp>

#include <vector>

namespace linkphy::cli {

std::string with_option_names(std::string text) {
  // The library's names (link_eval.hpp, crossover.hpp, crossover_study.hpp, sweep_runner.hpp,
  // plot.hpp, transceivers/com_table.hpp) and the words the CLI has always printed; renamed as
  // the library renames them for its files' keys (field_names.hpp).
  static const std::vector<sweeps::FieldName> names = {
      {"LinkRequest.rate", "--rate"},
      {"LinkRequest.modulation", "--modulation"},
      {"LinkRequest.length_m", "--length"},
      {"LinkRequest.sets", "--set"},
      {"LinkRequest.channels", "--channel"},
      {"LinkRequest.lanes", "--lanes"},
      {"LinkRequest.ambient_k", "--ambient"},
      {"LinkRequest.ber_target", "--ber-target"},
      {"LinkRequest.temperature_k", "--temperature"},
      {"LinkRequest.mc_symbols", "Monte Carlo symbols"},
      {"LinkRequest.search_threads", "search threads"},
      {"CrossoverStudy.rates", "--rates"},
      {"CrossoverStudy.criterion", "--criterion"},
      {"read_crossover_study catalogs", "--catalog"},
      {"SweepOptions.shard", "--shard"},
      {"SweepOptions.threads", "--threads"},
      {"SweepOptions.resume", "--resume"},
      {"render_plot output", "--plot"},
      {"find_com_table", "--config"},
  };
  return sweeps::rename_fields(std::move(text), names);
}

} // namespace linkphy::cli
