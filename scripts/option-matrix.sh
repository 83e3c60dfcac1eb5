#!/usr/bin/env bash
# Option-value matrix of the linkphy CLI: every option of every command is fed edge values
# ("", " ", nan, inf, -inf, -1/0/1e308 with the option's unit, a number without its unit, a
# wrong unit, garbage; for whole-number options 0, -1, 2^31, 1.5) and each run is checked against
# the CLI contract (README.md "Command-line tool"): a value is either accepted, or refused with
# exit code 2 and ONE stderr line `linkphy: WHERE: WHAT` that names the option and says what is
# accepted, no crash (exit >= 128), no hang (60 s), no output file left behind.
#
# Usage: scripts/option-matrix.sh [LINKPHY] [> matrix.tsv]   (run from the repository root)
# stdout: one TSV row per case: verdict, command, option, value, expect, exit code, stderr lines,
#         names-option, says-accepted, files-left, first stderr line. stderr: a summary.
# Verdicts: ok (refused as the contract says, or accepted where acceptance is allowed), and the
# defects ACCEPTED (nonsense accepted), REFUSED (a valid value refused), CRASH, HANG, MULTILINE,
# NO-OPTION (message does not name the option), NO-ACCEPTED (does not say what is accepted),
# FILE-LEFT (an output file left behind after a refusal), EXIT-N (bad input not exit code 2).
# Exit status: 0 if no case is a defect, 1 otherwise.
set -u
L=${1:-build/bin/linkphy}
[ -x "$L" ] || {
  echo "option-matrix: no executable $L (build first)" >&2
  exit 2
}
L=$(cd "$(dirname "$L")" && pwd)/$(basename "$L")
T=$(mktemp -d "${TMPDIR:-/tmp}/linkphy-matrix-XXXXXX")
trap 'rm -rf "$T"' EXIT
REPO=$(pwd)
S4P=$REPO/tests/data/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p
S2P=$REPO/tests/data/channels/pcb_stripline_119mm.s2p
OB=$REPO/sweeps/examples/optical-budget/850S50_500.toml
CASES=0
DEFECTS=0
FILECASE=0 # 1 while file() runs: the value is a path

# run_case EXPECT OPTION VALUE CMD ARGS... : ARGS may hold @V@ (replaced by VALUE) and @O@ (an
# output path in the case's empty scratch directory). EXPECT: R must be refused, A must be
# accepted, ? either (acceptance is a matter of judgement, e.g. 0 m).
run_case() {
  local expect=$1 option=$2 value=$3
  shift 3
  local run=$T/run
  rm -rf "$run" && mkdir -p "$run"
  local args=() a
  for a in "$@"; do
    a=${a//@V@/$value}
    a=${a//@O@/$run/out}
    args+=("$a")
  done
  (cd "$run" && timeout 60 "$L" "${args[@]}" >"$T/stdout" 2>"$T/stderr" </dev/null)
  local rc=$?
  local lines names acc left first verdict=ok
  lines=$(wc -l <"$T/stderr")
  first=$(head -n 1 "$T/stderr" | cut -c1-300)
  names=no
  grep -qF -- "$option" "$T/stderr" && names=yes
  # A positional (a file, a spec) is named by its value, and so is a file by its path (a file's
  # errors read FILE:LINE: WHAT, e.g. a --fext file's).
  local by_value=$FILECASE
  case $option in -*) ;; *) by_value=1 ;; esac
  [ "$by_value" = 1 ] && [ ${#value} -ge 3 ] && grep -qF -- "$value" "$T/stderr" && names=yes
  acc=no
  # What is accepted: "accepted: …", "expected …", "known: …" (the names accepted), or, for a
  # file's content, what it needs.
  grep -qiE 'accepted|expected|known|needs|holds|missing the' "$T/stderr" && acc=yes
  left=$(find "$run" -type f | wc -l)
  if [ $rc -eq 124 ]; then
    verdict=HANG
  elif [ $rc -ge 128 ]; then
    verdict=CRASH
  elif [ $rc -eq 0 ]; then
    [ "$expect" = R ] && verdict=ACCEPTED
  else
    if [ "$expect" = A ]; then
      verdict=REFUSED
    elif [ $rc -ne 2 ]; then
      verdict=EXIT-$rc
    elif [ "$lines" -ne 1 ]; then
      verdict=MULTILINE
    elif [ $names = no ]; then
      verdict=NO-OPTION
    elif [ $acc = no ]; then
      verdict=NO-ACCEPTED
    elif [ "$left" -ne 0 ]; then
      verdict=FILE-LEFT
    fi
  fi
  CASES=$((CASES + 1))
  [ $verdict = ok ] || DEFECTS=$((DEFECTS + 1))
  printf '%s\t%s\t%s\t%q\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$verdict" "$CMD" "$option" "$value" \
    "$expect" "$rc" "$lines" "$names" "$acc" "$left" "$first"
}

# Values every option refuses: empty, blank, non-finite, garbage.
common_v() { # OPTION ARGS...
  local opt=$1
  shift
  local v
  for v in "" " " nan inf -inf abc; do run_case R "$opt" "$v" "$@"; done
}

# quantity OPTION UNIT WRONG NEG ZERO BIG ARGS...: a quantity option; NEG/ZERO/BIG are the
# expectations for -1/0/1e308 with UNIT; "1" without a unit and "2 WRONG" are always refused.
quantity() {
  local opt=$1 unit=$2 wrong=$3 neg=$4 zero=$5 big=$6
  shift 6
  common_v "$opt" "$@"
  run_case "$neg" "$opt" "-1 $unit" "$@"
  run_case "$zero" "$opt" "0 $unit" "$@"
  run_case "$big" "$opt" "1e308 $unit" "$@"
  run_case R "$opt" "1" "$@"
  run_case R "$opt" "2 $wrong" "$@"
}
# integer OPTION ZERO NEG ARGS...: a whole-number option.
integer() {
  local opt=$1 zero=$2 neg=$3
  shift 3
  common_v "$opt" "$@"
  run_case "$zero" "$opt" 0 "$@"
  run_case "$neg" "$opt" -1 "$@"
  run_case R "$opt" 2147483648 "$@"
  run_case R "$opt" 1.5 "$@"
  run_case R "$opt" 1e308 "$@"
}
# number OPTION NEG ZERO BIG ARGS...: a plain (unitless) number option.
number() {
  local opt=$1 neg=$2 zero=$3 big=$4
  shift 4
  common_v "$opt" "$@"
  run_case "$neg" "$opt" -1 "$@"
  run_case "$zero" "$opt" 0 "$@"
  run_case "$big" "$opt" 1e308 "$@"
  run_case R "$opt" "2 GHz" "$@"
}
# word OPTION ARGS...: an option taking a name from a list (format, technology, ...).
word() {
  local opt=$1
  shift
  common_v "$opt" "$@"
  local v
  for v in -1 0 1e308 "2 GHz"; do run_case R "$opt" "$v" "$@"; done
}
# file OPTION ARGS...: an input file option.
file() {
  local opt=$1
  shift
  local v
  FILECASE=1
  for v in "" " " nan abc "$T" /dev/null; do run_case R "$opt" "$v" "$@"; done
  FILECASE=0
}
# output OPTION ARGS...: an output path. "" is refused (not a silent stdout); a directory or a
# path in a missing directory is refused.
output() {
  local opt=$1
  shift
  local v
  for v in "" "$T" "$T/missing/x"; do run_case R "$opt" "$v" "$@"; done
}

CMD=channel
CH=(channel twinax:awg=26,length=1m --freq 1GHz:2GHz:3)
quantity --temperature degC GHz A A R "${CH[@]}" --temperature @V@ -o @O@
word --format "${CH[@]}" --format @V@ -o @O@
common_v --freq channel twinax:awg=26,length=1m --freq @V@ -o @O@
for v in "-1 GHz:2GHz:3" "1GHz:2GHz:0" "1GHz:2GHz:-1" "1GHz:2GHz:1.5" "1GHz:2GHz:2147483648" \
  "1GHz:1e308GHz:3" "1:2:3" "1m:2m:3" "nanGHz:2GHz:3" "1GHz:infGHz:3" "2GHz:1GHz:3" \
  "1GHz:2GHz:3:4"; do
  run_case R --freq "$v" channel twinax:awg=26,length=1m --freq @V@ -o @O@
done
common_v --catalog "${CH[@]}" --catalog @V@ -o @O@
run_case R --catalog "laminates=$T/none.toml" "${CH[@]}" --catalog @V@ -o @O@
output -o "${CH[@]}" -o @V@
quantity length m GHz R ? R channel twinax:awg=26,length=@V@ --freq 1GHz:2GHz:3 -o @O@
integer awg R R channel twinax:awg=@V@,length=1m --freq 1GHz:2GHz:3 -o @O@
common_v specs channel @V@ --freq 1GHz:2GHz:3 -o @O@

CMD=link
LK=(link --tech dac --length 2m --rate 100G --fidelity analytic)
word --tech link --tech @V@ --length 2m --rate 100G --fidelity analytic -o @O@
quantity --length m GHz R A R link --tech dac --length @V@ --rate 100G --fidelity analytic -o @O@
word --rate link --tech dac --length 2m --rate @V@ --fidelity analytic -o @O@
for v in "-1 Gb/s" "0 Gb/s" "1e308 Gb/s" "106.25" "106.25 m"; do
  run_case R --rate "$v" link --tech dac --length 2m --rate @V@ --fidelity analytic -o @O@
done
file --config "${LK[@]}" --config @V@ -o @O@
quantity --temperature degC GHz A A R "${LK[@]}" --temperature @V@ -o @O@
integer --lanes ? R "${LK[@]}" --lanes @V@ -o @O@
quantity --ambient degC GHz A A R "${LK[@]}" --ambient @V@ -o @O@
word --modulation "${LK[@]}" --modulation @V@ -o @O@
common_v --set "${LK[@]}" --set @V@ -o @O@
for v in "material=" "=fr4" "material= " "nosuchkey=1"; do run_case R --set "$v" "${LK[@]}" --set @V@ -o @O@; done
word --fidelity link --tech dac --length 2m --rate 100G --fidelity @V@ -o @O@
common_v --channel "${LK[@]}" --channel @V@ -o @O@
quantity --channel m GHz R ? R "${LK[@]}" --channel "twinax:awg=26,length=@V@" -o @O@
number --ber-target R R R "${LK[@]}" --ber-target @V@ -o @O@
integer --mc-symbols R R "${LK[@]}" --mc-symbols @V@ -o @O@
word --format "${LK[@]}" --format @V@ -o @O@
output -o "${LK[@]}" -o @V@

CMD=reach
RC=(reach --tech dac --rate 100G --fidelity analytic)
word --tech reach --tech @V@ --rate 100G --fidelity analytic -o @O@
word --rate reach --tech dac --rate @V@ --fidelity analytic -o @O@
word --modulation "${RC[@]}" --modulation @V@ -o @O@
number --ber-target R R R "${RC[@]}" --ber-target @V@ -o @O@
common_v --set "${RC[@]}" --set @V@ -o @O@
word --fidelity reach --tech dac --rate 100G --fidelity @V@ -o @O@
quantity --tolerance m GHz R R R "${RC[@]}" --tolerance @V@ -o @O@
output -o "${RC[@]}" -o @V@

CMD=optical-budget
OBA=(optical-budget --config "$OB")
file --config optical-budget --config @V@ -o @O@
quantity --length m GHz R R R "${OBA[@]}" --length @V@ -o @O@
common_v --set "${OBA[@]}" --set @V@ -o @O@
quantity reach m GHz R R R "${OBA[@]}" --set "reach=@V@" -o @O@
word --format "${OBA[@]}" --format @V@ -o @O@
output -o "${OBA[@]}" -o @V@

CMD=com
CM=(com --config 802.3ck-kr "$S4P")
word --config com --config @V@ "$S4P" -o @O@
file thru com --config 802.3ck-kr @V@ -o @O@
file --fext "${CM[@]}" --fext @V@ -o @O@
file --next "${CM[@]}" --next @V@ -o @O@
word --format "${CM[@]}" --format @V@ -o @O@
output -o "${CM[@]}" -o @V@

CMD=crossover
XO=(crossover --rates 100G --fidelity analytic)
word --rates crossover --rates @V@ --fidelity analytic -o @O@
word --criterion "${XO[@]}" --criterion @V@ -o @O@
word --fidelity crossover --rates 100G --fidelity @V@ -o @O@
word --copper "${XO[@]}" --copper @V@ -o @O@
word --optical "${XO[@]}" --optical @V@ -o @O@
integer --threads ? R "${XO[@]}" --threads @V@ -o @O@
word --format "${XO[@]}" --format @V@ -o @O@
file study crossover @V@ --rates 100G --fidelity analytic -o @O@
output -o "${XO[@]}" -o @V@
output --map "${XO[@]}" --map @V@
output --points "${XO[@]}" --points @V@
output --sensitivity "${XO[@]}" --sensitivity @V@
common_v --plot "${XO[@]}" --plot @V@ -o @O@

CMD=sweep
SW=(sweep "$REPO/sweeps/examples/pam_snr.toml" -q)
file spec sweep @V@ -q -o @O@
integer --threads ? R "${SW[@]}" --threads @V@ -o @O@
common_v --shard "${SW[@]}" --shard @V@ -o @O@
for v in 0/1 1/0 -1/2 2/1 1.5/2 1/2147483648 1/2/3; do
  run_case R --shard "$v" "${SW[@]}" --shard @V@ -o @O@
done
output -o "${SW[@]}" -o @V@

CMD=merge
file parts merge @V@ -o @O@
output -o merge "$REPO/tests/data/channels/../../../README.md" -o @V@

CMD=plan
PL=(plan "$REPO/sweeps/examples/plans/leaf_spine_small.toml")
file file plan @V@ -o @O@
word --format "${PL[@]}" --format @V@ -o @O@
output -o "${PL[@]}" -o @V@

CMD="touchstone info"
file FILE touchstone info @V@ -o @O@
word --format touchstone info "$S2P" --format @V@ -o @O@
output -o touchstone info "$S2P" -o @V@
CMD="touchstone convert"
file IN touchstone convert @V@ -o @O@
word --format touchstone convert "$S2P" --format @V@ -o @O@
word --to touchstone convert "$S2P" --to @V@ -o @O@
output -o touchstone convert "$S2P" -o @V@
CMD="touchstone cascade"
file FILES touchstone cascade "$S2P" @V@ -o @O@
word --format touchstone cascade "$S2P" "$S2P" --format @V@ -o @O@
word --to touchstone cascade "$S2P" "$S2P" --to @V@ -o @O@
output -o touchstone cascade "$S2P" "$S2P" -o @V@
word --port-order touchstone cascade "$S4P" "$S4P" --port-order @V@ -o @O@
for v in 1,3,2 1,3,2,4,5 1,1,2,4 0,1,2,3 1,3,2,x 1.5,3,2,4 2147483648,3,2,4 ,1,3,2,4; do
  run_case R --port-order "$v" touchstone cascade "$S4P" "$S4P" --port-order @V@ -o @O@
done
CMD="touchstone mixed-mode"
MM=(touchstone mixed-mode "$S4P" --ports 1-3:2-4)
file IN touchstone mixed-mode @V@ --ports 1-3:2-4 -o @O@
word --ports touchstone mixed-mode "$S4P" --ports @V@ -o @O@
for v in 0-1:2-3 1-1:2-4 1-3:2-5 1-3 -1-3:2-4 1.5-3:2-4 2147483648-3:2-4; do
  run_case R --ports "$v" touchstone mixed-mode "$S4P" --ports @V@ -o @O@
done
word --format "${MM[@]}" --format @V@ -o @O@
word --to "${MM[@]}" --to @V@ -o @O@
quantity --freq GHz m R A R "${MM[@]}" --freq @V@ -o @O@
output -o "${MM[@]}" -o @V@

CMD="catalog list"
word catalog catalog list @V@ -o @O@
word --format catalog list --format @V@ -o @O@
output -o catalog list -o @V@
CMD="catalog show"
word catalog catalog show @V@ dac -o @O@
word entry catalog show modules @V@ -o @O@
word --format catalog show modules dsp_800g_dr8 --format @V@ -o @O@
output -o catalog show modules dsp_800g_dr8 -o @V@

echo "option-matrix: $CASES cases, $DEFECTS defects ($L)" >&2
[ $DEFECTS -eq 0 ]
