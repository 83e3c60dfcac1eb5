// TOML syntax errors in one form (toml_syntax.hpp).
#include <linkphy/phy/toml_syntax.hpp>

namespace linkphy {

InputError toml_syntax_error(const std::string &file, long line, long column,
                             std::string_view description) {
  std::string where = file;
  if (line > 0) {
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on `where += ":" + to_string(…)`.
    where.append(1, ':').append(std::to_string(line));
    if (column > 0)
      where.append(1, ':').append(std::to_string(column));
  }
  // toml++ words its descriptions "Error while parsing <construct>: <fault>": mid-sentence here.
  std::string what(description);
  if (!what.empty() && what[0] >= 'A' && what[0] <= 'Z')
    what[0] = static_cast<char>(what[0] - 'A' + 'a');
  // Syntax per the TOML 1.0 specification (toml.io/en/v1.0.0).
  return InputError(where, "not valid TOML: " + what +
                               "; accepted: TOML 1.0 (toml.io): key = value lines under [table] "
                               "headers, '#' comments; text, and numbers with their units, in "
                               "double quotes (length = \"2 m\")");
}

} // namespace linkphy
