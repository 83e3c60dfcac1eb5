// Internal to the crossover sources: a small thread pool loop, study checks, knob application.
#pragma once

#include <linkphy/sweeps/crossover.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace linkphy::sweeps::detail {

/// Runs body(0..n-1) on up to `threads` threads; rethrows the first exception.
void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)> &body);

/// Line rate of a lane-rate text incl. FEC overhead, Gb/s.
double lane_rate_gbps(const std::string &rate);

/// InputError on unknown technologies/rates, empty lists, bad search settings, criterion cost.
void check_study(const CrossoverStudy &s);

/// The subset of `sets` ("key=value") that technology `tech` has a key for (cached).
std::vector<std::string> applicable_sets(const std::string &tech,
                                         const std::vector<std::string> &sets);

/// Why `set` (one that applies to `tech`) is a value the technology's parts refuse: a link of
/// `tech` at its shortest length and first lane rate (analytic tier, user channel catalogs
/// `catalogs` "KIND=FILE") builds without it but not with it; the refusal's text, or "" when the
/// value is fine. A bad value would otherwise only make the technology "not close" everywhere.
std::string set_value_error(const std::string &tech, const std::string &set,
                            const std::vector<std::string> &catalogs = {});

/// Why the user channel catalogs `catalogs` ("KIND=FILE", each file loadable) break `tech`: a
/// link of it at its shortest length and first lane rate (analytic tier) builds with the
/// built-in catalogs but not with these (e.g. an entry's value its stage refuses); the refusal's
/// text, or "" (always "" without catalogs).
std::string catalogs_error(const std::string &tech, const std::vector<std::string> &catalogs);

} // namespace linkphy::sweeps::detail
