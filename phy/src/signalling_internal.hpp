// A check shared by the Gray mappers (signalling.cpp) and the exact Gray BER (ber.cpp); not
// installed.
#pragma once

#include <linkphy/phy/signalling.hpp>

namespace linkphy::signalling_detail {

/// check_modulation, then InputError at `where` "<name> has no per-symbol Gray mapping (accepted:
/// M a power of two: NRZ, PAM4, PAM8, …)" unless mod.gray_mappable().
void require_gray(Modulation mod, const char *where);

} // namespace linkphy::signalling_detail
