// The library's names of its inputs in messages (link_eval.hpp "Names in errors":
// "LinkRequest.rate", "LinkRequest.sets 'k=v'") renamed for whoever gave the input: the key of a
// sweep spec, a plan file or a crossover study file that set it ("key 'rate'"). The `linkphy`
// CLI renames them to its options with the same function (sweeps/cli/option_names.hpp).
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace linkphy::sweeps {

/// A name the library gives an input in messages, and what a caller calls that input instead.
struct FieldName {
  std::string_view library; ///< e.g. "LinkRequest.rate"
  std::string_view caller;  ///< e.g. "--rate", or "rate" (a file's key: see with_key_names)
};

/// `text` with every `library` name of `names` replaced by its `caller` name, in table order,
/// where no letter, digit or '_' follows it ("LinkRequest.sets" is not the start of
/// "LinkRequest.search_threads"). Other text is returned unchanged.
std::string rename_fields(std::string text, const std::vector<FieldName> &names);

/// rename_fields for a file whose keys set the inputs: `names` maps each library name to a key
/// K, written "key 'K'" at the start of `text` or of a part after ": " (where a place stands:
/// "key 'set' 'awg=99': …") and "the key 'K'" elsewhere ("… or give the key 'modulation'").
std::string with_key_names(std::string text, const std::vector<FieldName> &names);

/// The keys of a plan file (plan.hpp, docs/plan.md) that set LinkRequest's fields: rate (also
/// for the modulation, which a plan's rate carries), set, catalogs, lanes, ambient (the
/// temperature too), ber_target, length.
const std::vector<FieldName> &plan_keys();
/// The keys of a crossover study file (crossover_study.hpp, docs/crossover.md): rates (also for
/// the modulation), sets, catalogs, lanes, temperature, ber_target.
const std::vector<FieldName> &study_keys();

/// `text` (a where() or a warning of a sweep point `point`) placed in the spec: a library name of
/// `names` at its start becomes that key's place (point.where_key(K): "spec.toml:8: key 'set'",
/// the rest kept), and with_key_names renames the names in the rest.
std::string at_spec_key(const std::string &text, const ParamSet &point,
                        const std::vector<FieldName> &names);

/// `e`, an error of a sweep point `point` whose evaluator names its inputs as `names` says
/// (Evaluator::field_keys), in the spec's terms: a where() that starts with a library name
/// becomes that key's place in the spec (point.where_key(K): "spec.toml:8: key 'rate'", the
/// rest of where() kept), and with_key_names renames the names in the rest and in detail().
InputError in_spec_keys(const InputError &e, const ParamSet &point,
                        const std::vector<FieldName> &names);

} // namespace linkphy::sweeps
