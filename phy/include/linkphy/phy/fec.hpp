// Reed–Solomon FEC performance for random (independent) bit errors: codeword error ratio and
// post-FEC BER from the pre-FEC BER, and their inverses.
// Sources: B. Sklar, Digital Communications, 2nd ed., §8.1.5 (RS decoded error probability,
// Σ_{i>t} (i/n)·C(n,i)·p^i(1−p)^{n−i}); R. D. Cideciyan et al., "Next generation backplane and
// copper cable challenges", IEEE Commun. Mag. 51(12), 2013 (RS(528,514) and RS(544,514) for
// 100GBASE-KR4/KP4, symbol error p_s = 1 − (1 − BER)^m); codes from IEEE 802.3-2022 Clause 91.
//
// Model (bounded-distance decoder, independent bit errors of probability `ber` each):
//   p_s  = 1 − (1 − ber)^m                      probability an m-bit symbol is wrong
//   CER  = Σ_{i=t+1}^{n} C(n,i) p_s^i (1−p_s)^{n−i}   codeword error (uncorrectable) ratio
//   SER_out = Σ_{i=t+1}^{n} (i/n) C(n,i) p_s^i (1−p_s)^{n−i}   wrong symbols per symbol after
//          decoding, assuming a failed codeword keeps its i received errors (decoder failure is
//          detected and the word passed through; miscorrection, which adds at most t symbols, is
//          neglected — it would add at most t to i ≥ t+1, i.e. less than a factor 2)
//   BER_post = SER_out · ber/p_s                each wrong symbol carries on average m·ber/p_s
//          wrong bits out of m (exact for independent bit errors; Sklar's 2^{m−1}/(2^m−1) factor
//          instead assumes a wrong symbol is uniformly random).
// All sums are evaluated in log space (log C(n,i) by running sums of logs — equivalent to lgamma
// but free of glibc lgamma's global `signgam` write, a data race in threaded sweeps — and log1p),
// so ratios far below 1e-300 keep full relative accuracy in the log_* form.
#pragma once

#include <string>
#include <string_view>

namespace linkphy {

/// A Reed–Solomon code RS(n, k) over GF(2^m) correcting t = ⌊(n−k)/2⌋ symbol errors, or no FEC.
/// The ranges below are checked by rs_code and parse_fec; an aggregate built in code is not.
struct FecCode {
  std::string name = "none"; ///< "KP4", "KR4", "none" or "RS(n,k)"
  int n = 0;                 ///< codeword length in symbols, k < n ≤ 2^m − 1; 0 for none
  int k = 0;                 ///< message length in symbols; 0 for none
  int t = 0;                 ///< correctable symbol errors per codeword
  int m = 0;                 ///< bits per symbol, 1 … 16; 0 for none

  bool is_none() const { return n == 0; }
  /// Code rate k/n (1 for none).
  double rate() const { return is_none() ? 1.0 : static_cast<double>(k) / n; }
  /// Line rate over payload rate − 1, e.g. 0.0584 for KP4 (0 for none).
  double overhead() const { return is_none() ? 0.0 : static_cast<double>(n - k) / k; }

  friend bool operator==(const FecCode &, const FecCode &) = default;
};

/// No FEC: post-FEC BER = pre-FEC BER.
FecCode fec_none();
/// RS(544,514) over GF(2^10), t = 15: "KP4" (IEEE 802.3 Clause 91, 100GBASE-KP4 and all PAM4
/// Ethernet lanes since).
FecCode fec_kp4();
/// RS(528,514) over GF(2^10), t = 7: "KR4" (IEEE 802.3 Clause 91, 100GBASE-KR4/CR4, 25GBASE-R).
FecCode fec_kr4();
/// A general RS(n, k) over GF(2^m), t = ⌊(n−k)/2⌋. Requires 1 ≤ m ≤ 16, 1 ≤ k < n ≤ 2^m − 1;
/// throws InputError otherwise. Named "RS(n,k)".
FecCode rs_code(int n, int k, int m);

/// Parses "KP4", "KR4", "none", "RS(544,514)", "RS(528,514)" (case-insensitive; RS(n,k) with other
/// n, k is taken over GF(2^10)). Throws InputError naming `where` and the accepted forms.
FecCode parse_fec(std::string_view text, std::string_view where = {});

/// Probability that an m-bit symbol holds at least one error: 1 − (1 − ber)^m, accurate for tiny
/// ber. `ber` ∈ [0, 1], `m` bits ≥ 1 (InputError otherwise).
double symbol_error_probability(int m, double ber);

/// Codeword error ratio (uncorrectable codewords per codeword) for pre-FEC BER `ber_pre` ∈ [0, 1]
/// of independent bit errors. For no FEC: the probability that a 1-bit "codeword" is wrong, i.e.
/// ber_pre. Throws InputError for ber_pre outside [0, 1] or NaN.
double codeword_error_ratio(const FecCode &fec, double ber_pre);

/// Natural log of codeword_error_ratio (−inf for 0): usable far below the smallest double.
/// `ber_pre` ∈ [0, 1] (InputError otherwise).
double log_codeword_error_ratio(const FecCode &fec, double ber_pre);

/// Post-FEC BER for pre-FEC BER `ber_pre` ∈ [0, 1] (InputError otherwise, also for NaN; model in
/// the file comment). No FEC: ber_pre.
double post_fec_ber(const FecCode &fec, double ber_pre);

/// Frame loss ratio of frames `frame_bits` long (> 0, InputError otherwise; `ber_pre` as
/// post_fec_ber; e.g. 64-octet Ethernet frames: 512): a frame
/// is lost when any codeword it touches fails. A frame spans on average 1 + (frame_bits − 1)/(k·m)
/// codewords, so FLR = 1 − (1 − CER)^(1 + (frame_bits − 1)/(k·m)). No FEC: 1 − (1 − ber)^frame_bits
/// (any bit error is caught by the frame check sequence).
double frame_loss_ratio(const FecCode &fec, double ber_pre, double frame_bits);

/// The pre-FEC BER at which post_fec_ber equals `target_post_ber` (bisection on log BER to 1e-9
/// relative). `target_post_ber` strictly between post_fec_ber(fec, 1e-300) and
/// post_fec_ber(fec, 0.5) (no FEC: (0, 0.5]); throws InputError otherwise.
double pre_fec_ber_for_post_fec_ber(const FecCode &fec, double target_post_ber);

/// The pre-FEC BER at which codeword_error_ratio equals `target_cer`, same method and range rules.
double pre_fec_ber_for_codeword_error_ratio(const FecCode &fec, double target_cer);

} // namespace linkphy
