// Loading the transceivers module's built-in catalogs (found through linkphy::find_data_dir).
#include <linkphy/transceivers/catalogs.hpp>

#include <map>
#include <mutex>

#ifndef LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR
#define LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::transceivers {

const Catalog &builtin_catalog(const std::string &file) {
  static std::mutex mutex;
  static std::map<std::string, Catalog> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(file);
  if (it != loaded.end())
    return it->second;
  const auto dir = find_data_dir("transceivers", {LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR});
  Catalog c;
  c.load(dir / file);
  return loaded.emplace(file, std::move(c)).first->second;
}

} // namespace linkphy::transceivers
