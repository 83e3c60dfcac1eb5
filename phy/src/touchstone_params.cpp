// Y/Z/H/G parameters of a Touchstone file → S. Z and Y: S = (z − I)(z + I)⁻¹ = (I + y)⁻¹(I − y)
// with z = G^-½ Z G^-½, y = G^½ Y G^½, G = diag(z0) (Pozar, "Microwave Engineering", 4th ed.,
// §4.3, eq. 4.44, real reference impedances). H and G (2-ports): Frickey, "Conversions between
// S, Z, Y, h, ABCD, and T parameters", IEEE Trans. MTT 42(2), 1994, Table I.
#include "touchstone_internal.hpp"

#include <linkphy/phy/error.hpp>

#include <Eigen/LU>

#include <cmath>
#include <sstream>

namespace linkphy::touchstone_detail {
namespace {

[[noreturn]] void singular(const std::string &where, double f_hz, const char *what) {
  std::ostringstream msg;
  msg << what << " data at " << f_hz << " Hz have no S-parameters (the matrix is singular)";
  throw InputError(where, msg.str());
}

bool all_finite(const CMatrix &m) {
  for (Eigen::Index i = 0; i < m.size(); ++i)
    if (!std::isfinite(m.data()[i].real()) || !std::isfinite(m.data()[i].imag()))
      return false;
  return true;
}

// Z or Y (n ports): normalise, then S = (z + I)⁻¹(z − I) or (I + y)⁻¹(I − y).
void z_or_y_to_s(std::vector<Complex> &data, const std::vector<double> &freq_hz, int n, bool is_z,
                 const std::vector<double> &z0, double norm_r, const std::string &where) {
  const auto nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  std::vector<double> scale(nn); // per-entry factor turning the file's numbers into z or y
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const double g = std::sqrt(z0[static_cast<std::size_t>(i)] * z0[static_cast<std::size_t>(j)]);
      scale[static_cast<std::size_t>(i * n + j)] = norm_r > 0 ? 1.0 : (is_z ? 1.0 / g : g);
    }
  const CMatrix eye = CMatrix::Identity(n, n);
  CMatrix m(n, n);
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    CMatrixMap block(data.data() + k * nn, n, n);
    for (std::size_t e = 0; e < nn; ++e)
      m.data()[e] = block.data()[e] * scale[e];
    CMatrix s;
    if (is_z)
      s = (m + eye).partialPivLu().solve(m - eye);
    else
      s = (eye + m).partialPivLu().solve(eye - m);
    if (!all_finite(s))
      singular(where, freq_hz[k], is_z ? "Z" : "Y");
    block = s;
  }
}

// H or G (2-port): S from h (ohms, siemens) with port impedances z1, z2 (Frickey Table I).
void h_or_g_to_s(std::vector<Complex> &data, const std::vector<double> &freq_hz, bool is_h,
                 const std::vector<double> &z0, double norm_r, const std::string &where) {
  const double z1 = z0[0], z2 = z0[1];
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    Complex *p = data.data() + k * 4;
    Complex a11 = p[0], a12 = p[1], a21 = p[2], a22 = p[3];
    if (norm_r > 0) { // version 1: h11/R, h22·R (g11·R, g22/R) are stored
      a11 *= is_h ? norm_r : 1.0 / norm_r;
      a22 *= is_h ? 1.0 / norm_r : norm_r;
    }
    Complex h11 = a11, h12 = a12, h21 = a21, h22 = a22;
    if (!is_h) { // H = G⁻¹
      const Complex det = a11 * a22 - a12 * a21;
      h11 = a22 / det;
      h12 = -a12 / det;
      h21 = -a21 / det;
      h22 = a11 / det;
    }
    const Complex d = (z1 + h11) * (1.0 + h22 * z2) - h12 * h21 * z2;
    const double root = std::sqrt(z1 * z2);
    p[0] = ((h11 - z1) * (1.0 + h22 * z2) - h12 * h21 * z2) / d;
    p[1] = 2.0 * h12 * root / d;
    p[2] = -2.0 * h21 * root / d;
    p[3] = ((z1 + h11) * (1.0 - h22 * z2) + h12 * h21 * z2) / d;
    for (int e = 0; e < 4; ++e)
      if (!std::isfinite(p[e].real()) || !std::isfinite(p[e].imag()))
        singular(where, freq_hz[k], is_h ? "H" : "G");
  }
}

} // namespace

void convert_to_s(std::vector<Complex> &data, const std::vector<double> &freq_hz, int ports,
                  ParameterKind kind, const std::vector<double> &z0_ohm, double normalized_r_ohm,
                  const std::string &where) {
  switch (kind) {
  case ParameterKind::S:
    return;
  case ParameterKind::Z:
  case ParameterKind::Y:
    z_or_y_to_s(data, freq_hz, ports, kind == ParameterKind::Z, z0_ohm, normalized_r_ohm, where);
    return;
  case ParameterKind::H:
  case ParameterKind::G:
    if (ports != 2)
      throw InputError(where, "H and G parameters are defined for 2-ports only; this file has " +
                                  std::to_string(ports) + " ports");
    h_or_g_to_s(data, freq_hz, kind == ParameterKind::H, z0_ohm, normalized_r_ohm, where);
    return;
  default:
    throw InputError(where, "Touchstone files hold S, Y, Z, H or G parameters only");
  }
}

} // namespace linkphy::touchstone_detail
