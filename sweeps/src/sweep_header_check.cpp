// Whether a CSV header is one `linkphy sweep` writes (sweep_header_check.hpp).
#include "sweep_header_check.hpp"

#include "sweep_cells.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <algorithm>
#include <string_view>

namespace linkphy::sweeps::detail {

namespace {

/// `h` is the column of an axis of key `key` (column_name): the key itself, or the key, '_' and
/// the SI suffix of a dimension.
bool names_axis(std::string_view h, const std::string &key) {
  const std::string base = column_name(key, std::nullopt);
  if (h == base)
    return true;
  if (h.size() <= base.size() + 1 || h.substr(0, base.size()) != base || h[base.size()] != '_')
    return false;
  const std::string_view suffix = h.substr(base.size() + 1);
  // Every Dimension, dimensionless (suffix "") to the last one declared (quantity.hpp).
  for (int d = 0; d <= static_cast<int>(Dimension::resistance_per_length); ++d)
    if (suffix == si_suffix(static_cast<Dimension>(d)))
      return true;
  return false;
}

/// What `header` is against `e`'s header with `axes` axis columns: how many of its columns are
/// as that sweep writes them, and the first that is not (header.size() when all are).
struct Fit {
  int matched = -1; ///< -1: the evaluator's header with `axes` axes has another length
  std::size_t first_bad = 0;
  std::string expected; ///< what the sweep writes at first_bad ("" for an axis: any key)
};

Fit fit(const std::vector<std::string> &header, const Evaluator &e, std::size_t axes) {
  const auto cols = e.columns(), keys = e.accepted_keys();
  const auto is_axis = [&](std::size_t i) {
    return std::any_of(keys.begin(), keys.end(),
                       [&](const std::string &k) { return names_axis(header[i], k); });
  };
  // The evaluator's columns that are not axes (sweep_runner_io.cpp evaluator_columns_kept).
  std::vector<std::string> kept;
  for (const auto &c : cols)
    if (std::none_of(header.begin() + 1, header.begin() + 1 + static_cast<long>(axes),
                     [&](const std::string &h) { return names_axis(h, c); }))
      kept.push_back(c);
  Fit f;
  if (1 + axes + kept.size() != header.size())
    return f;
  f.matched = 0;
  f.first_bad = header.size();
  for (std::size_t i = 0; i < header.size(); ++i) {
    const std::string want = i == 0 ? "point" : i <= axes ? "" : kept[i - 1 - axes];
    const bool ok = i == 0 || i > axes ? header[i] == want : is_axis(i);
    f.matched += ok ? 1 : 0;
    if (!ok && f.first_bad == header.size()) {
      f.first_bad = i;
      f.expected = want;
    }
  }
  return f;
}

/// "point, the axis columns (…), then fec's columns that are not axes: fec, ber_post_fec, …".
std::string accepted_for(const EvaluatorInfo &info, const Evaluator &e) {
  return "point, the axis columns (keys " + info.name + " takes, a quantity's with its unit " +
         "suffix: " + join_list(e.accepted_keys()) + "), then " + info.name +
         "'s columns that are not axes: " + join_list(e.columns());
}

} // namespace

std::unique_ptr<Evaluator> evaluator_of_header(const std::vector<std::string> &header,
                                               const std::string &evaluator_name,
                                               const std::string &where, const char *tail) {
  std::vector<const EvaluatorInfo *> candidates;
  for (const auto &info : evaluators())
    if (evaluator_name.empty() || info.name == evaluator_name)
      candidates.push_back(&info);
  if (candidates.empty()) // a name no evaluator has: any of them
    for (const auto &info : evaluators())
      candidates.push_back(&info);
  // The closest: the most columns as its sweep writes them (the first evaluator on a tie).
  const EvaluatorInfo *best_info = nullptr;
  std::unique_ptr<Evaluator> best;
  Fit best_fit;
  for (const auto *info : candidates) {
    auto e = info->make();
    for (std::size_t axes = 0; axes < header.size(); ++axes) {
      const Fit f = fit(header, *e, axes);
      if (f.matched >= 0 && f.first_bad == header.size())
        return e;
      if (f.matched > best_fit.matched) {
        best_fit = f;
        best_info = info;
        best = info->make();
      }
    }
  }
  if (!best) {
    std::string each;
    for (const auto *info : candidates)
      each += (each.empty() ? "" : "; ") + info->name + ": " + join_list(info->make()->columns());
    throw InputError(where, "header '" + shown_cell(join_list(header)) +
                                "' is not one a sweep writes (accepted: point, the axis columns, "
                                "then the columns of one evaluator that are not axes; " +
                                each + ")" + tail);
  }
  const std::size_t i = best_fit.first_bad;
  const std::string what =
      best_fit.expected.empty()
          ? "is not an axis column a sweep of " + best_info->name + " writes"
          : "is not '" + best_fit.expected + "', as a sweep of " + best_info->name + " writes it";
  throw InputError(where, "header column " + std::to_string(i + 1) + " '" + shown_cell(header[i]) +
                              "' " + what + " (accepted: " + accepted_for(*best_info, *best) + ")" +
                              tail);
}

} // namespace linkphy::sweeps::detail
