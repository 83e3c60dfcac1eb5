// The built-in catalogs by name (catalog_index.hpp): each module's own loader, so `linkphy
// catalog` shows exactly what the models read.
#include <linkphy/channels/fibre.hpp>
#include <linkphy/channels/specs.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/sweeps/catalog_index.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/catalogs.hpp>

namespace linkphy::sweeps {

const std::vector<CatalogInfo> &catalog_infos() {
  static const std::vector<CatalogInfo> infos{
      {"laminates", "channels", "laminates.toml", "PCB dielectrics: Dk/Df at a frequency"},
      {"foils", "channels", "foils.toml", "copper foils: roughness (Huray, Hammerstad)"},
      {"cables", "channels", "cables.toml", "shielded twinax by AWG: conductor, dielectric"},
      {"packages", "channels", "packages.toml", "package and interposer line stacks"},
      {"fibres", "channels", "fibres.toml", "optical fibre types: attenuation, dispersion"},
      {"form_factors", "transceivers", "form_factors.toml", "module form factors: power classes"},
      {"ieee_pmds", "transceivers", "ieee_pmds.toml", "IEEE 802.3 optical PMD specifications"},
      {"lasers", "transceivers", "lasers.toml", "VCSEL, DML, EML and CW lasers"},
      {"modules", "transceivers", "modules.toml", "module builds from parts"},
      {"photodiodes", "transceivers", "photodiodes.toml", "PIN and APD photodiodes"},
      {"power", "transceivers", "power.toml", "power laws of SerDes, DSP, drivers, TIAs, ..."},
      {"serdes", "transceivers", "serdes.toml", "SerDes classes XSR/VSR/MR/LR: equaliser limits"},
      {"tias", "transceivers", "tias.toml", "transimpedance amplifiers: noise, bandwidth"},
      {"technologies", "sweeps", "technologies.toml", "link technologies built from parts"},
  };
  return infos;
}

namespace {

const channels::ChannelCatalogs &channel_catalogs() {
  static const channels::ChannelCatalogs c = channels::ChannelCatalogs::builtin();
  return c;
}

} // namespace

const Catalog &builtin_catalog_named(const std::string &name, const std::string &where) {
  for (const auto &info : catalog_infos()) {
    if (info.name != name)
      continue;
    if (info.name == "fibres")
      return channels::fibre_catalog();
    if (info.module == "channels")
      return channel_catalogs().get(info.name);
    if (info.module == "transceivers")
      return transceivers::builtin_catalog(info.file);
    return technology_catalog();
  }
  throw InputError(where, "unknown catalog '" + name +
                              "' (known: " + join_list(catalog_infos(), &CatalogInfo::name) + ")");
}

} // namespace linkphy::sweeps
