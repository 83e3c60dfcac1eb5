// The one place where the library's names of request fields in messages become the command-line
// options that set them (link_eval.hpp "Names in errors"): "LinkRequest.rate: …" → "--rate: …".
#pragma once

#include <string>

namespace linkphy::cli {

/// `text` (an error message or a warning) with every library field name replaced by its option:
/// LinkRequest.rate → --rate, .modulation → --modulation, .length_m → --length, .sets → --set
/// ("LinkRequest.sets 'k=v'" → "--set 'k=v'"), .channels → --channel, .lanes → --lanes,
/// .ambient_k → --ambient, .ber_target → --ber-target, .temperature_k → --temperature,
/// .mc_symbols → "Monte Carlo symbols", .search_threads → "search threads";
/// CrossoverStudy.rates → --rates, CrossoverStudy.criterion → --criterion, "read_crossover_study
/// catalogs" → --catalog, SweepOptions.shard/.threads/.resume → --shard/--threads/--resume,
/// "render_plot output" → --plot, find_com_table → --config. A name is replaced only where no
/// letter, digit or '_' follows it. Other text is returned unchanged.
std::string with_option_names(std::string text);

} // namespace linkphy::cli
