// Gaussian Q-function and its inverse, and the symbol/bit error ratios of PAM-M (NRZ = PAM2) in
// additive Gaussian noise at the slicer. Source: J. G. Proakis & M. Salehi, Digital
// Communications, 5th ed., §4.3 (SER of PAM: 2(1 − 1/M)·Q(d/σ)); Gray BER ≈ SER/log2 M (§4.3,
// nearest-neighbour errors only).
//
// Levels are normalised as in signalling.hpp (outer levels ±1, half spacing d = 1/(M−1), average
// symbol power E_s = (M+1)/(3(M−1))). Two noise measures, noise Gaussian with std. deviation σ:
//   d/σ            "eye over sigma": half the distance between adjacent levels over σ
//                  (dimensionless, ≥ 0);
//   SNR = E_s/σ²   average symbol power over noise variance (a linear power ratio; functions
//                  named *_snr_db take/return it in dB); then (d/σ)² = 3·SNR/(M²−1).
//
// Every function taking a Modulation throws InputError "modulation: PAM<M> is not supported
// (accepted: NRZ, PAM2 … PAM64)" unless 2 ≤ M ≤ 64 (check_modulation in signalling.hpp).
#pragma once

#include <linkphy/phy/signalling.hpp>

namespace linkphy {

/// Gaussian tail Q(x) = P(N(0,1) > x) = erfc(x/√2)/2, any real x; relative accuracy of
/// std::erfc (~1e-15) down to Q ≈ 1e-308 (x ≈ 37.5); underflows to 0 beyond x ≈ 38.5.
double q_function(double x);
/// Inverse: the x with Q(x) = p, p ∈ (0, 1) (p < 0.5 gives x > 0). Acklam's rational initial guess
/// refined by Halley steps to ~1e-15 relative in x, for p from 1 − 1e-16 down to the smallest
/// normal double (2.2e-308). Throws InputError for p outside (0, 1) or NaN.
double q_inverse(double p);

/// d/σ from SNR = E_s/σ² (linear power ratio ≥ 0; not checked, NaN below 0): d/σ = √(3·SNR/(M²-1)).
double d_over_sigma_from_snr(Modulation mod, double snr);
/// SNR = E_s/σ² (linear) from d/σ (≥ 0 meaningful; not checked, the sign is squared away).
double snr_from_d_over_sigma(Modulation mod, double d_over_sigma);

/// Symbol error ratio of PAM-M in Gaussian noise: SER = 2(1 − 1/M)·Q(d/σ) (Proakis §4.3).
/// `d_over_sigma` (dimensionless, ≥ 0 meaningful; not checked: any real x gives 2(1 − 1/M)·Q(x)).
double pam_ser(Modulation mod, double d_over_sigma);
/// Bit error ratio with Gray mapping, nearest-neighbour approximation: BER = SER/log2(M) (each
/// symbol error is to an adjacent level and flips one bit). NRZ: Q(d/σ); PAM4: 0.75·Q(d/σ).
/// For non-power-of-two M it is the same information-rate approximation. `d_over_sigma` as
/// pam_ser.
double pam_ber(Modulation mod, double d_over_sigma);
/// Exact Gray-coded BER of PAM-M (power-of-two M) in Gaussian noise, counting errors to every
/// level with their Hamming distances (not only to adjacent levels). Equals pam_ber at high d/σ.
/// `d_over_sigma` as pam_ser; InputError for a modulation that is not Gray-mappable.
double pam_ber_gray_exact(Modulation mod, double d_over_sigma);

/// SER and BER vs SNR = E_s/σ² in dB (any real value).
double pam_ser_from_snr_db(Modulation mod, double snr_db);
double pam_ber_from_snr_db(Modulation mod, double snr_db);

/// d/σ needed for a target BER (inverse of pam_ber). `ber` ∈ (0, (1-1/M)/log2 M), i.e. below the
/// BER of pam_ber at d/σ = 0; throws InputError otherwise.
double d_over_sigma_for_ber(Modulation mod, double ber);
/// SNR = E_s/σ² in dB needed for a target BER (pam_ber's formula); same range as above.
double snr_db_for_ber(Modulation mod, double ber);

} // namespace linkphy
