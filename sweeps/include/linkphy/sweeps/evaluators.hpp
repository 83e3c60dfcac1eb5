// What one sweep point computes. An evaluator declares its output columns once and fills one
// formatted value per column per point; it must be safe to call from many threads at once.
#pragma once

#include <linkphy/phy/params.hpp>
#include <linkphy/sweeps/field_names.hpp>

#include <memory>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// What the caller of an evaluator tells it about how its points are being evaluated.
struct EvaluationContext {
  /// Threads one point may use inside itself (the statistical tier's Annex 93A equaliser search,
  /// com.hpp Settings::threads), ≥ 0: 0 = the library default (one per core, at most 8); 1 =
  /// single-threaded, what a sweep asks when it runs points on several threads at once (its
  /// workers already fill the cores; a search worker per core inside each point would
  /// oversubscribe them). A negative value: the link evaluator's InputError "search threads: must
  /// be >= 0"; evaluators without inner threads ignore it. No upper bound is checked.
  int point_threads = 0;
};

class Evaluator {
public:
  virtual ~Evaluator() = default;
  /// Output columns, snake_case with the unit in the name (e.g. "ber_post_fec", "il_db").
  virtual std::vector<std::string> columns() const = 0;
  /// The columns of columns() that hold text (a name, "true"/"false"); every other column holds
  /// a number as format_value writes it (nan/inf/-inf included). A resumed OUT.partial's and a
  /// merged shard's cells are checked against this. Default: none (every column a number).
  virtual std::vector<std::string> text_columns() const { return {}; }
  /// Keys a point may carry (anything else is an unknown key).
  virtual std::vector<std::string> accepted_keys() const = 0;
  /// Evaluates one point into `out` (resized to columns().size()). Throws InputError on bad input.
  virtual void evaluate(const ParamSet &point, std::vector<std::string> &out) const = 0;
  /// evaluate() under a context. The default ignores the context (evaluators whose points have
  /// no parallelism of their own).
  virtual void evaluate_with(const ParamSet &point, std::vector<std::string> &out,
                             const EvaluationContext &context) const {
    (void)context;
    evaluate(point, out);
  }
  /// Optional: makes in advance what the points sharing `point`'s values of every axis but the
  /// last will need (the link evaluator: its analytic plan per technology × rate × sets). A
  /// threaded sweep calls it for one point of each run of the last axis, from all its threads at
  /// once, before those points — so that such setup runs side by side instead of on the first
  /// point of a run, where every thread would wait for or repeat the same setup. Errors are
  /// ignored here (the points report them). Default: nothing.
  virtual void prepare(const ParamSet &point) const { (void)point; }
  /// Optional: checks one value an axis gives `key` before the sweep starts, so a bad value on a
  /// late point is an error at the axis' FILE:LINE (`where`) before any output, not a failure
  /// midway. Throws InputError. Default: nothing (the points check their values).
  virtual void check_value(const std::string &key, const std::string &value,
                           const std::string &where) const {
    (void)key;
    (void)value;
    (void)where;
  }
  /// Optional: the keys whose values make a point's setup (the link evaluator: tech, rate,
  /// modulation, set). Before a sweep starts it calls check_setup on one point per combination
  /// of the values its axes give these keys (up to 10⁴ combinations). Default: none.
  virtual std::vector<std::string> setup_keys() const { return {}; }
  /// Optional: checks a point's setup without evaluating it (quick: the link evaluator builds the
  /// technology at the lane rate), so that a technology that cannot run a listed rate stops the
  /// sweep before any output. Throws InputError. Returns the setup's warnings in the
  /// evaluator's names (the link evaluator: "LinkRequest.sets 'k=v' has no effect at 100G: …"),
  /// which the sweep reports once each at the spec's line (SweepSummary::warnings). Default:
  /// nothing, no warnings.
  virtual std::vector<std::string> check_setup(const ParamSet &point) const {
    (void)point;
    return {};
  }
  /// Optional: the names the evaluator's model gives its inputs in errors, each with the spec
  /// key that sets it (the link evaluator: {"LinkRequest.rate", "rate"}, {"LinkRequest.sets",
  /// "set"}, …; link_eval.hpp "Names in errors"). A sweep reports an error of a point in the
  /// spec's terms (in_spec_keys, field_names.hpp): "spec.toml:8: key 'rate': …", "… or give the
  /// key 'modulation'", never the library's name (nor, through it, a CLI option of `linkphy
  /// link`). Default: none (the evaluator names the keys itself, ParamSet::where_key).
  virtual std::vector<FieldName> field_keys() const { return {}; }
};

struct EvaluatorInfo {
  std::string name;
  std::string description;
  std::unique_ptr<Evaluator> (*make)();
};

/// Every evaluator the sweeps know, by name.
const std::vector<EvaluatorInfo> &evaluators();
/// A new evaluator by name; InputError naming `where` and listing the known ones otherwise.
std::unique_ptr<Evaluator> make_evaluator(const std::string &name, const std::string &where);

/// Formats a double for CSV/JSON with 12 significant digits, as printf's %.12g ("nan", "inf",
/// "-inf" spelled out). Any value.
std::string format_value(double v);
/// The same into `text` (replacing its content, reusing its buffer: a sweep row's cells).
void format_value_into(double v, std::string &text);

} // namespace linkphy::sweeps
