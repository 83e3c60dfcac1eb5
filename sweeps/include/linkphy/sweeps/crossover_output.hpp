// Tidy outputs of a crossover study: CSV tables (units in the column names), the JSON sidecar
// describing the run, and the aligned text tables printed to stdout.
#pragma once

#include <linkphy/sweeps/crossover.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// lane_rate_gbps,rate,copper_tech,optical_tech,criterion,crossover_m,bound,
/// copper_energy_pj_per_bit,optical_energy_pj_per_bit,optical_closes,evaluations
void write_crossover_csv(std::ostream &os, const std::vector<CrossoverRow> &rows);
/// lane_rate_gbps,rate,distance_m,best_tech,family,energy_pj_per_bit,closes
void write_map_csv(std::ostream &os, const std::vector<MapCell> &cells);
/// lane_rate_gbps,rate,distance_m,tech,family,in_range,closes,ber_pre_fec,ber_post_fec,
/// energy_pj_per_bit
void write_points_csv(std::ostream &os, const std::vector<MapPoint> &points);
/// knob,value,rate,lane_rate_gbps,crossover_m,base_m,change_pct
void write_sensitivity_csv(std::ostream &os, const std::vector<SensitivityRow> &rows);

/// The crossover table as aligned text (one row per rate).
void print_crossover_table(std::ostream &os, const CrossoverStudy &s,
                           const std::vector<CrossoverRow> &rows);
/// The knob ranking as aligned text.
void print_knob_ranking(std::ostream &os, const std::vector<KnobRank> &ranks);

/// JSON sidecar of an output file: version, study (file and text), criterion, fidelity, rates,
/// technologies, the columns and their units, timing and the other outputs written.
std::string crossover_sidecar_json(const CrossoverStudy &s, const std::string &table,
                                   const std::vector<std::string> &columns, double seconds,
                                   const std::vector<std::string> &outputs);

} // namespace linkphy::sweeps
