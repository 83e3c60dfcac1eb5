// Library input names → a caller's names (field_names.hpp).
#include <linkphy/sweeps/field_names.hpp>

#include <cctype>

namespace linkphy::sweeps {
namespace {

// Whether `text` holds `name` at `at` as a whole name (no letter, digit or '_' after it).
bool whole_at(const std::string &text, std::size_t at, std::string_view name) {
  const std::size_t end = at + name.size();
  return text.compare(at, name.size(), name) == 0 &&
         (end == text.size() ||
          !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'));
}

template <class Replacement>
std::string rename_with(std::string text, const std::vector<FieldName> &names,
                        Replacement replacement) {
  for (const auto &n : names)
    for (std::size_t at = text.find(n.library); at != std::string::npos;
         at = text.find(n.library, at)) {
      if (!whole_at(text, at, n.library)) {
        at += n.library.size();
        continue;
      }
      const std::string with = replacement(text, at, n.caller);
      text.replace(at, n.library.size(), with);
      at += with.size();
    }
  return text;
}

} // namespace

std::string rename_fields(std::string text, const std::vector<FieldName> &names) {
  return rename_with(std::move(text), names,
                     [](const std::string &, std::size_t, std::string_view caller) {
                       return std::string(caller);
                     });
}

std::string with_key_names(std::string text, const std::vector<FieldName> &names) {
  return rename_with(std::move(text), names,
                     [](const std::string &t, std::size_t at, std::string_view key) {
                       const bool place = at == 0 || (at >= 2 && t.compare(at - 2, 2, ": ") == 0);
                       return (place ? "key '" : "the key '") + std::string(key) + "'";
                     });
}

const std::vector<FieldName> &plan_keys() {
  static const std::vector<FieldName> names{{"LinkRequest.rate", "rate"},
                                            {"LinkRequest.modulation", "rate"},
                                            {"LinkRequest.sets", "set"},
                                            {"LinkRequest.catalogs", "catalogs"},
                                            {"LinkRequest.lanes", "lanes"},
                                            {"LinkRequest.ambient_k", "ambient"},
                                            {"LinkRequest.temperature_k", "ambient"},
                                            {"LinkRequest.ber_target", "ber_target"},
                                            {"LinkRequest.length_m", "length"}};
  return names;
}

const std::vector<FieldName> &study_keys() {
  static const std::vector<FieldName> names{{"LinkRequest.rate", "rates"},
                                            {"LinkRequest.modulation", "rates"},
                                            {"LinkRequest.sets", "sets"},
                                            {"LinkRequest.catalogs", "catalogs"},
                                            {"LinkRequest.lanes", "lanes"},
                                            {"LinkRequest.temperature_k", "temperature"},
                                            {"LinkRequest.ber_target", "ber_target"}};
  return names;
}

std::string at_spec_key(const std::string &text, const ParamSet &point,
                        const std::vector<FieldName> &names) {
  for (const auto &n : names)
    if (whole_at(text, 0, n.library))
      return point.where_key(std::string(n.caller)) +
             with_key_names(text.substr(n.library.size()), names);
  return with_key_names(text, names);
}

InputError in_spec_keys(const InputError &e, const ParamSet &point,
                        const std::vector<FieldName> &names) {
  return InputError(at_spec_key(e.where(), point, names), with_key_names(e.detail(), names));
}

} // namespace linkphy::sweeps
