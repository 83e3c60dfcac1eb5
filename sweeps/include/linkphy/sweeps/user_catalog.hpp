// User channel catalog arguments "KIND=FILE" (DESIGN.md §5: users add catalog entries and override
// built-in ones): the one parser of the text given to `--catalog` (channel, link, reach,
// crossover), a link sweep's key `catalog`, and the `catalogs` lists of plans and crossover
// studies, so that every place accepts the same texts and refuses the others with the same words.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// One user channel catalog: which built-in catalog it adds to / overrides, and its TOML file.
struct UserCatalog {
  std::string kind;           ///< laminates, foils, cables or packages (user_catalog_kinds())
  std::filesystem::path file; ///< the TOML catalog file as given (non-empty; not checked here)
};

/// The accepted KIND names, in order: laminates, foils, cables, packages (the catalogs of
/// channels::ChannelCatalogs).
const std::vector<std::string> &user_catalog_kinds();

/// Splits `text` "KIND=FILE" at its first '=': KIND never holds '=', so FILE may ("laminates=
/// a=b.toml" is FILE "a=b.toml"; a POSIX path may hold '='). Nothing is trimmed: KIND must be one
/// of user_catalog_kinds() exactly, and FILE must not begin or end with white space (spaces
/// inside FILE are kept). Neither the file's existence nor its content is checked here.
/// Throws InputError("WHERE 'TEXT'", "REASON; expected KIND=FILE (KIND: laminates, foils, cables,
/// packages)"), `where` naming the place (an option "--catalog", a key "FILE:LINE: key
/// 'catalogs'"), REASON one of: no '=' (then the message is the expected form alone), KIND empty,
/// KIND unknown, KIND or FILE with leading/trailing white space, FILE empty.
UserCatalog parse_user_catalog(const std::string &text, const std::string &where);

/// `text` checked as parse_user_catalog, with a relative FILE taken beside `file` (a plan or
/// crossover study: the directory that holds it): "KIND=DIR/FILE"; an absolute FILE is kept.
std::string user_catalog_beside(const std::string &text, const std::filesystem::path &file,
                                const std::string &where);

} // namespace linkphy::sweeps
