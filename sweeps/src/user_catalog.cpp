// The "KIND=FILE" parser of user channel catalogs (user_catalog.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include <algorithm>
#include <cctype>

namespace linkphy::sweeps {
namespace {

const char *const kExpected = "expected KIND=FILE (KIND: laminates, foils, cables, packages)";

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool padded(const std::string &s) { return !s.empty() && (space(s.front()) || space(s.back())); }

} // namespace

const std::vector<std::string> &user_catalog_kinds() {
  // The catalogs channels::ChannelCatalogs::get accepts (tests check each one loads).
  static const std::vector<std::string> kinds{"laminates", "foils", "cables", "packages"};
  return kinds;
}

UserCatalog parse_user_catalog(const std::string &text, const std::string &where) {
  const std::string at = where + " '" + text + "'";
  const auto eq = text.find('=');
  if (eq == std::string::npos)
    throw InputError(at, kExpected);
  UserCatalog c{text.substr(0, eq), text.substr(eq + 1)};
  const std::string file = text.substr(eq + 1);
  if (padded(c.kind))
    throw InputError(at, "KIND '" + c.kind + "' begins or ends with white space (not trimmed); " +
                             kExpected);
  if (c.kind.empty())
    throw InputError(at, std::string("KIND is empty; ") + kExpected);
  const auto &kinds = user_catalog_kinds();
  if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end())
    throw InputError(at, "unknown KIND '" + c.kind + "'; " + kExpected);
  if (file.empty())
    throw InputError(at, std::string("FILE (the TOML catalog) is empty; ") + kExpected);
  if (padded(file))
    throw InputError(at, "FILE '" + file + "' begins or ends with white space (not trimmed); " +
                             kExpected);
  return c;
}

std::string user_catalog_beside(const std::string &text, const std::filesystem::path &file,
                                const std::string &where) {
  const UserCatalog c = parse_user_catalog(text, where);
  if (c.file.is_absolute())
    return text;
  return c.kind + "=" + (file.parent_path() / c.file).string();
}

} // namespace linkphy::sweeps
