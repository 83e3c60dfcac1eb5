#!/usr/bin/env python3
"""Mutation fuzzing of the FILE inputs of the linkphy CLI.

Takes valid seed files (Touchstone .sNp/.ts -- read by info, convert, mixed-mode, channel, as
either file of a cascade (also a 4-port one with --port-order), as a COM thru and as a --fext or
--next aggressor --, COM parameter tables, sweep specs, plans, crossover studies (a small one, and
one with every table, its catalogs key and the --map/--sensitivity outputs), link configs (the
example, and one with every key), optical-budget configs, user catalogs given with --catalog
KIND=FILE to channel, link, reach and crossover, sweep shard CSVs for merge, a killed sweep's
OUT.partial continued with --resume), mutates each (truncation, deleted/duplicated lines, units
swapped or dropped, NaN/inf/1e400/-0/huge numbers, non-UTF-8 bytes, CRLF, BOM, tabs, empty file, a
directory, very long lines; for Touchstone also option-line variants, missing '#', unsorted or
duplicate frequencies, wrong value counts, a v2 [Number of Ports] mismatch; for plans two length
forms in one group, half a form, lengths/weights arrays cut, grown or made bad, a named group given
twice or its name blanked), runs each mutant
through the command that reads it (output with -o into a scratch directory, never /dev) under a
timeout, and classifies the run against the CLI contract (README "Command-line tool"):

  ok          exit 0 with sane output (file written, no nan/inf in it), or exit 2 with exactly
              one stderr line "linkphy: ..." and no output file left
  defects     CRASH (signal), HANG (timeout), SANITIZER (ASan/UBSan report), UNCAUGHT
              (terminate/what() text), EXIT-N (non-zero exit other than 2), MULTILINE, EMPTY-MSG,
              NOT-LINKPHY (first line not "linkphy:"), FILE-LEFT (output left after a refusal),
              NAN-OUT (nan/inf in accepted output), NO-OUTPUT (exit 0 without the output file),
              FLOOD (exit 0 with more than 3 stderr lines), ACCEPTED (a mutant that must be
              refused, e.g. an empty file, was accepted), REFUSED (a mutant that must be
              accepted, e.g. CRLF line ends, was refused)
  soft        NO-WHERE (the message names neither the file nor the option), NO-ACCEPTED (it does
              not say what is accepted/expected); reported, not counted as defects
Each seed is first run unmutated: a seed that is refused is reported and skipped, and the nan/inf
cells of its output are the baseline (CSV writes nan for "not available", e.g. com_db in the
analytic tier), so NAN-OUT means non-finite cells in a column where the seed has none. Mutations
expected "R" include empty files, units swapped or dropped, nan/inf/1e400, unknown or misspelt
keys, duplicate tables, unsorted or duplicate frequencies and wrong value counts; "?" ones
(truncation, a deleted line, a BOM, ...) may be accepted if the output is sane. The first round
takes each mutator of the kind once, in an order drawn from --seed (so --mutants below the number of
mutators covers different ones per seed); a third of the mutants past it get a second mutation on
top.

Usage (from the repository root, after building):
  scripts/fuzz-files.py [--linkphy build/bin/linkphy] [--mutants 30] [--seed 1]
                        [--kinds touchstone,com-table,...] [--timeout 30] [--jobs 2]
                        [--tsv fuzz.tsv] [--keep fuzz-defects/] [--subset 0.2]
stdout: a summary per kind and per class; --tsv: one row per mutant (kind, seed, mutation,
verdict, exit code, stderr lines, first stderr line, command); --keep: every defect's mutant
file with a repro.sh. The run is deterministic for a given --seed. Exit status 0 if no defect.
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.getcwd()

# Units by dimension: a value's unit is swapped for one of another dimension.
UNITS = {
    "length": ["m", "mm", "cm", "km", "in", "mil", "um", "nm"],
    "frequency": ["Hz", "kHz", "MHz", "GHz"],
    "baud": ["GBd", "MBd"],
    "bitrate": ["Gb/s", "Mb/s"],
    "temperature": ["degC", "K"],
    "power": ["dBm", "mW", "W"],
    "ratio": ["dB"],
    "time": ["ps", "ns", "s"],
    "voltage": ["V", "mV"],
    "impedance": ["ohm"],
    "conductivity": ["S/m"],
}
UNIT_DIM = {u: d for d, us in UNITS.items() for u in us}
UNIT_RE = re.compile(r'"(-?[0-9][0-9.eE+-]*)\s*([A-Za-z][A-Za-z/]*)"')
NUM_RE = re.compile(r"(?<![\w.-])(-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)(?![\w.])")
BAD_NUMBERS = ["nan", "inf", "-inf", "1e400", "-1e400", "-0", "0", "-1",
               "99999999999999999999999", "1e-400", "9223372036854775808", "1e308",
               "2147483648", "1000000000", "4294967297", "9223372036854775807"]

# ---------------------------------------------------------------------------------------------
# Seeds: (kind, seed file, command). In the command, {F} is the mutant's path, {O} an output path
# in the run's scratch directory.
S4P_THRU = "tests/data/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p"
CH_LAM = "stripline:material=megtron6,width=5mil,length=2in"
SEEDS = [
    # Touchstone: each file through info, convert, channel; one .s4p through com.
    ("touchstone", "tests/data/touchstone/skrf/ntwk1.s2p",
     ["touchstone", "info", "{F}", "--format", "json", "-o", "{O}.json"]),
    ("touchstone", "tests/data/touchstone/skrf/coaxial.s2p",
     ["channel", "touchstone:file={F}", "--freq", "10MHz:100MHz:9", "-o", "{O}.csv"]),
    ("touchstone", "@noise.s2p",
     ["touchstone", "convert", "{F}", "--to", "ma", "-o", "{O}.s2p"]),
    ("touchstone", "tests/data/touchstone/skrf/designer_variable_coupler_ideal_20deg.s4p",
     ["touchstone", "mixed-mode", "{F}", "--ports", "1-3:2-4", "-o", "{O}.s4p"]),
    ("touchstone", "tests/data/touchstone/skrf/designer_wilkinson_splitter.s3p",
     ["touchstone", "info", "{F}", "-o", "{O}.txt"]),
    ("touchstone", "tests/data/touchstone/skrf/short.s1p",
     ["touchstone", "convert", "{F}", "--format", "csv", "-o", "{O}.csv"]),
    ("touchstone", "tests/data/touchstone/spec/ex05_v2_4port_full.ts",
     ["touchstone", "info", "{F}", "--format", "json", "-o", "{O}.json"]),
    ("touchstone", "tests/data/touchstone/spec/ex06_v2_4port_lower.ts",
     ["touchstone", "convert", "{F}", "-o", "{O}.ts"]),
    ("touchstone", "tests/data/touchstone/spec/ex12_v2_h.ts",
     ["touchstone", "convert", "{F}", "--format", "csv", "-o", "{O}.csv"]),
    ("touchstone", "tests/data/touchstone/spec/ex11_v1_h.s2p",
     ["touchstone", "info", "{F}", "-o", "{O}.txt"]),
    ("touchstone", "tests/data/touchstone/skrf/ntwk1.s2p",
     ["touchstone", "cascade", "{F}", "tests/data/touchstone/skrf/ntwk1.s2p", "-o", "{O}.s2p"]),
    # the mutant second in a cascade, and a 4-port cascade with --port-order
    ("touchstone", "tests/data/touchstone/skrf/coaxial.s2p",
     ["touchstone", "cascade", "tests/data/touchstone/skrf/coaxial.s2p", "{F}", "-o",
      "{O}.s2p"]),
    ("touchstone", "tests/data/channels/DPO_4in_Meg7_THRU.s4p",
     ["touchstone", "cascade", "tests/data/channels/DPO_4in_Meg7_THRU.s4p", "{F}",
      "--port-order", "1,3,2,4", "--to", "db", "-o", "{O}.s4p"]),
    ("touchstone-com", S4P_THRU,
     ["com", "--config", "802.3ck-cr-ca", "{F}", "--format", "json", "-o", "{O}.json"]),
    # crosstalk aggressors (com --fext/--next FILE)
    ("touchstone-com", S4P_THRU,
     ["com", "--config", "802.3ck-cr-ca", S4P_THRU, "--fext", "{F}", "--format", "json", "-o",
      "{O}.json"]),
    ("touchstone-com", S4P_THRU,
     ["com", "--config", "802.3ck-kr", S4P_THRU, "--next", "{F}", "-o", "{O}.txt"]),
    # COM parameter tables (com --config FILE).
    *[("com-table", "transceivers/catalog/com/" + n,
       ["com", "--config", "{F}", S4P_THRU, "--format", "json", "-o", "{O}.json"])
      for n in ["802.3ck-kr.toml", "802.3by-cr.toml", "cei-56g-mr.toml"]],
    # Sweep specs.
    ("sweep", "sweeps/examples/pam_snr.toml", ["sweep", "{F}", "-o", "{O}.csv"]),
    ("sweep", "sweeps/examples/kp4_waterfall.toml", ["sweep", "{F}", "-o", "{O}.csv"]),
    ("sweep", "sweeps/examples/link_reach.toml", ["sweep", "{F}", "-o", "{O}.csv"]),
    # Plans.
    ("plan", "tests/data/plans/copper_small.toml", ["plan", "{F}", "--format", "csv", "-o",
                                                    "{O}.csv"]),
    ("plan", "sweeps/examples/plans/nvlink_rack_72gpu.toml", ["plan", "{F}", "--format", "json",
                                                              "-o", "{O}.json"]),
    # the three length forms: uniform (length_min/max) and a list with weights
    ("plan", "sweeps/examples/plans/leaf_spine_small.toml", ["plan", "{F}", "--format", "csv",
                                                             "-o", "{O}.csv"]),
    # Crossover studies (a small one: the shipped default takes minutes per run).
    ("crossover", "@crossover_small.toml", ["crossover", "{F}", "-o", "{O}.csv"]),
    # every table of a study, its catalogs key, and the --map and --sensitivity outputs
    ("crossover", "@crossover_full.toml",
     ["crossover", "{F}", "-o", "{O}.csv", "--map", "{O}_map.csv", "--sensitivity",
      "{O}_sens.csv"]),
    # Link config and optical-budget config.
    ("link-config", "sweeps/examples/link/dac_2m.toml",
     ["link", "--config", "{F}", "--fidelity", "analytic", "-o", "{O}.json"]),
    # every key of a link config (rate with modulation, channels, mc_symbols, [set] quoted keys)
    ("link-config", "@link_full.toml", ["link", "--config", "{F}", "-o", "{O}.json"]),
    ("optical-budget", "sweeps/examples/optical-budget/1310S.toml",
     ["optical-budget", "--config", "{F}", "--format", "json", "-o", "{O}.json"]),
    ("optical-budget", "sweeps/examples/optical-budget/850S50_500.toml",
     ["optical-budget", "--config", "{F}", "-o", "{O}.txt"]),
    # User catalogs (--catalog KIND=FILE).
    ("catalog", "channels/catalog/laminates.toml",
     ["channel", CH_LAM, "--catalog", "laminates={F}", "--freq", "1GHz:20GHz:5", "-o", "{O}.csv"]),
    ("catalog", "channels/catalog/foils.toml",
     ["channel", CH_LAM + ",foil=std", "--catalog", "foils={F}", "--freq", "1GHz:20GHz:5", "-o",
      "{O}.csv"]),
    ("catalog", "channels/catalog/cables.toml",
     ["channel", "twinax:cable=twinax_26awg,length=1m", "--catalog", "cables={F}", "--freq",
      "1GHz:20GHz:5", "-o", "{O}.csv"]),
    ("catalog", "channels/catalog/packages.toml",
     ["channel", "package:length=5mm,stack=organic_substrate", "--catalog", "packages={F}",
      "--freq", "1GHz:20GHz:5", "-o", "{O}.csv"]),
    ("catalog", "channels/catalog/cables.toml",
     ["reach", "--tech", "dac", "--rate", "100G", "--fidelity", "analytic", "--catalog",
      "cables={F}", "-o", "{O}.json"]),
    ("catalog", "channels/catalog/cables.toml",
     ["link", "--tech", "dac", "--length", "2m", "--rate", "100G", "--fidelity", "analytic",
      "--catalog", "cables={F}", "-o", "{O}.json"]),
    ("catalog", "channels/catalog/laminates.toml",
     ["link", "--tech", "pcb", "--length", "10in", "--rate", "100G", "--fidelity", "analytic",
      "--set", "material=megtron6", "--catalog", "laminates={F}", "-o", "{O}.json"]),
    ("catalog", "channels/catalog/cables.toml",
     ["crossover", "@crossover_small.toml", "--catalog", "cables={F}", "-o", "{O}.csv"]),
    # Sweep shards (merge).
    ("merge-csv", "@shard.csv", ["merge", "{F}", "-o", "{O}.csv"]),
    # A killed sweep's OUT.partial continued with --resume: the mutant is written as {O}.csv.partial
    # (the input the command reads beside -o {O}.csv), a prefix of the points of pam_snr.toml.
    ("resume", "@resume.csv.partial",
     ["sweep", "sweeps/examples/pam_snr.toml", "--resume", "-q", "--threads", "1", "-o",
      "{O}.csv"]),
]

CROSSOVER_SMALL = """# A small crossover study (fuzz seed)
[crossover]
criterion = "feasible"
fidelity = "analytic"
rates = ["100G"]
copper = ["dac"]
optical = ["dsp-sr"]
ber_target = 1e-15
temperature = "25 degC"
lanes = 0
search_min = "5 cm"
search_max = "200 m"
scan_points = 9
tolerance = 0.05
"""


CROSSOVER_FULL = CROSSOVER_SMALL.replace("[crossover]\n", """[crossover]
name = "fuzz: every table"
catalogs = ["cables=%s/channels/catalog/cables.toml"]
plot_rate = "100G"
""") + """
[map]
distances = { log = ["0.1 m", "2 km"], points = 5 }  # nan energy where nothing closes

[sensitivity]
awg = [28, 30]
host_length = { relative = 50 }
temperature = ["0 degC", "70 degC"]
"""

LINK_FULL = """# A link config with every key (fuzz seed; sweeps/include/linkphy/sweeps/link_config.hpp)
tech = "dac"
length = "2 m"
rate = "106.25 Gb/s"
modulation = "PAM4"
fidelity = "analytic"
ber_target = 1e-15
mc_symbols = 100000
temperature = "45 degC"
channels = ["twinax:awg=28,length=1m", "connector:l=1nH,c=0.2pF"]

[set]
awg = 26
"serdes.eta0_v2_per_ghz" = 3e-8
"""


def make_generated_seeds(tmp, linkphy):
    """Seeds that are not in the tree: crossover studies, a full link config, a sweep shard
    CSV, a sweep's OUT.partial and a v1 file with noise data."""
    out = {}
    for name, text in (("crossover_small.toml", CROSSOVER_SMALL),
                       ("crossover_full.toml", CROSSOVER_FULL % REPO),
                       ("link_full.toml", LINK_FULL)):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(text)
        out["@" + name] = p
    # Shard 1/1: merged alone without its sidecar, a shard K/N of N > 1 has points missing.
    p = os.path.join(tmp, "shard.csv")
    subprocess.run([linkphy, "sweep", os.path.join(REPO, "sweeps/examples/pam_snr.toml"),
                    "--shard", "1/1", "-o", p], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    out["@shard.csv"] = p
    # A partial a killed ordered run leaves: the header and the first half of the rows.
    full = os.path.join(tmp, "full.csv")
    subprocess.run([linkphy, "sweep", os.path.join(REPO, "sweeps/examples/pam_snr.toml"),
                    "--threads", "1", "-q", "-o", full], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(full, "rb") as f:
        rows = f.read().split(b"\n")
    rows = [x for x in rows if x]
    p = os.path.join(tmp, "resume.csv.partial")
    with open(p, "wb") as f:
        f.write(b"\n".join(rows[:1 + (len(rows) - 1) // 2]) + b"\n")
    out["@resume.csv.partial"] = p
    # scikit-rf's ntwk_noise.s2p repeats 1.5 GHz (refused, tests/phy/test_touchstone_errors.cpp):
    # without the repeat, a v1 file with noise data.
    p = os.path.join(tmp, "noise.s2p")
    with open(os.path.join(REPO, "tests/data/touchstone/skrf/ntwk_noise.s2p"), "rb") as f:
        ls = f.read().split(b"\n")
    dup = [i for i in range(1, len(ls)) if ls[i].strip() and ls[i] == ls[i - 1]]
    with open(p, "wb") as f:
        f.write(b"\n".join(ls[:dup[0]] + ls[dup[0] + 1:]))
    out["@noise.s2p"] = p
    return out


# ---------------------------------------------------------------------------------------------
# Mutations: each takes (bytes, rng) and returns (bytes or a marker, name, expect); expect is
# "R" (must be refused), "A" (must be accepted) or "?" (either).
def lines_of(data):
    return data.split(b"\n")


def value_lines(ls):
    """Indices of lines holding data (not blank, not a comment)."""
    return [i for i, l in enumerate(ls) if l.strip() and not l.lstrip().startswith((b"#", b"!"))]


def pick_line(ls, r, pattern):
    """The index of a data line of ls that `pattern` matches at its start, drawn by r; None when
    there is none."""
    idx = [i for i in value_lines(ls) if re.match(pattern, ls[i])]
    return r.choice(idx) if idx else None


def code_end(s):
    """End of a line's data part: before a '#' or '!' comment that is not inside a string (the
    Touchstone option line starts with '#' and is all data)."""
    q = None
    for k, c in enumerate(s):
        if q:
            if c == q:
                q = None
        elif c in "\"'":
            q = c
        elif c == "!" or (c == "#" and s[:k].strip()):
            return k
    return len(s)


QUANTITY_TEXT = re.compile(r"^-?[0-9][0-9.eE+-]*\s*[A-Za-z%/^()0-9 ]*$")


def data_matches(regex, s):
    """Matches of regex in the data part of line s; inside a quoted string only when the string
    is a quantity ("2 m", "26.5625 GBd"), not prose (a `source` citation)."""
    e = code_end(s)
    spans = [(m.start(), m.end(), m.group(1)) for m in re.finditer(r'"([^"]*)"', s[:e])]

    def ok(m):
        for a, b, text in spans:
            if a <= m.start() < b:
                return bool(QUANTITY_TEXT.match(text))
        return True
    return [m for m in regex.finditer(s) if m.end() <= e and ok(m)]


def m_truncate(d, r):
    if len(d) < 2:
        return d, "truncate-0", "R"
    n = r.randrange(1, len(d))
    return d[:n], "truncate@%d" % n, "?"


def m_delete_line(d, r):
    ls = lines_of(d)
    idx = value_lines(ls)
    if not idx:
        return None
    i = r.choice(idx)
    return b"\n".join(ls[:i] + ls[i + 1:]), "delete-line-%d" % (i + 1), "?"


def m_duplicate_line(d, r):
    ls = lines_of(d)
    idx = value_lines(ls)
    if not idx:
        return None
    i = r.choice(idx)
    return b"\n".join(ls[:i + 1] + [ls[i]] + ls[i + 1:]), "duplicate-line-%d" % (i + 1), "?"


def m_empty(d, r):
    return b"", "empty", "R"


def m_whitespace_only(d, r):
    return b"\n \n\t\n", "whitespace-only", "R"


def m_directory(d, r):
    return "DIR", "directory", "R"


def m_crlf(d, r):
    return d.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), "crlf", "A"


def m_bom(d, r):
    return b"\xef\xbb\xbf" + d, "bom", "?"


def m_tabs(d, r):
    ls = lines_of(d)
    out = []
    for l in ls:
        if l.lstrip().startswith((b"#", b"!")) or not l.strip():
            out.append(l)
        else:
            out.append(re.sub(rb"(?<=\S) (?=\S)", b"\t", l, count=1))
    return b"\n".join(out), "tabs", "?"


def m_non_utf8(d, r):
    ls = lines_of(d)
    idx = value_lines(ls) or [0]
    i = r.choice(idx)
    l = ls[i]
    p = r.randrange(0, len(l) + 1)
    junk = r.choice([b"\xff", b"\xc3", b"\x80\x80", b"\xfe\xff", b"\x00", b"\xe2\x82"])
    ls[i] = l[:p] + junk + l[p:]
    return b"\n".join(ls), "non-utf8-line-%d" % (i + 1), "?"


def m_long_line(d, r):
    ls = lines_of(d)
    i = r.randrange(0, len(ls))
    kind = r.choice(["comment", "digits", "junk"])
    if kind == "comment":
        extra = b"# " + b"x" * 200000
        ls.insert(i, extra)
        return b"\n".join(ls), "long-comment-line", "?"
    if kind == "digits":
        idx = value_lines(ls)
        if idx:
            i = r.choice(idx)
        ls[i] = ls[i] + b"1" * 100000
        return b"\n".join(ls), "long-digits-line-%d" % (i + 1), "?"
    ls.insert(i, b"Z" * 300000)
    return b"\n".join(ls), "long-junk-line-%d" % (i + 1), "R"


def m_bad_number(d, r):
    ls = lines_of(d)
    csv = b"," in ls[0] and b"=" not in ls[0]  # a CSV holds nan/inf cells by design
    idx = [i for i in value_lines(ls) if data_matches(NUM_RE, ls[i].decode("latin-1"))]
    if not idx:
        return None
    i = r.choice(idx)
    s = ls[i].decode("latin-1")
    ms = data_matches(NUM_RE, s)
    m = r.choice(ms)
    v = r.choice(BAD_NUMBERS)
    s = s[:m.start()] + v + s[m.end():]
    ls[i] = s.encode("latin-1")
    expect = "R" if v in ("nan", "inf", "-inf", "1e400", "-1e400") and not csv else "?"
    return b"\n".join(ls), "number-%s-line-%d" % (v, i + 1), expect


def m_swap_unit(d, r):
    ls = lines_of(d)
    idx = [i for i in value_lines(ls) if any(m.group(2) in UNIT_DIM for m in
                                             data_matches(UNIT_RE, ls[i].decode("latin-1")))]
    if not idx:
        return None
    i = r.choice(idx)
    s = ls[i].decode("latin-1")
    ms = [m for m in data_matches(UNIT_RE, s) if m.group(2) in UNIT_DIM]
    m = r.choice(ms)
    dim = UNIT_DIM[m.group(2)]
    other = r.choice([d2 for d2 in UNITS if d2 != dim])
    u = r.choice(UNITS[other])
    s = s[:m.start()] + '"%s %s"' % (m.group(1), u) + s[m.end():]
    ls[i] = s.encode("latin-1")
    return b"\n".join(ls), "unit-%s-to-%s-line-%d" % (m.group(2), u, i + 1), "R"


def m_drop_unit(d, r):
    ls = lines_of(d)
    idx = [i for i in value_lines(ls) if any(m.group(2) in UNIT_DIM for m in
                                             data_matches(UNIT_RE, ls[i].decode("latin-1")))]
    if not idx:
        return None
    i = r.choice(idx)
    s = ls[i].decode("latin-1")
    ms = [m for m in data_matches(UNIT_RE, s) if m.group(2) in UNIT_DIM]
    m = r.choice(ms)
    quoted = r.random() < 0.5
    new = ('"%s"' % m.group(1)) if quoted else m.group(1)
    s = s[:m.start()] + new + s[m.end():]
    ls[i] = s.encode("latin-1")
    return b"\n".join(ls), "drop-unit-%s-%s-line-%d" % (
        m.group(2), "quoted" if quoted else "bare", i + 1), "R"


# -- TOML-specific
def m_duplicate_table(d, r):
    ls = lines_of(d)
    heads = [i for i, l in enumerate(ls) if re.match(rb"^\s*\[[^\[]", l)]
    if not heads:
        return None
    i = r.choice(heads)
    j = i + 1
    while j < len(ls) and not re.match(rb"^\s*\[", ls[j]):
        j += 1
    return b"\n".join(ls + ls[i:j]), "duplicate-table-line-%d" % (i + 1), "R"


def m_unknown_key(d, r):
    ls = lines_of(d)
    idx = [i for i in value_lines(ls) if b"=" in ls[i] and not ls[i].lstrip().startswith(b"[")]
    if not idx:
        return None
    i = r.choice(idx)
    ls.insert(i + 1, b'bogus_key_zz = "1 m"')
    return b"\n".join(ls), "unknown-key-after-line-%d" % (i + 1), "R"


def m_misspell_key(d, r):
    ls = lines_of(d)
    i = pick_line(ls, r, rb"^\s*[A-Za-z_][A-Za-z0-9_]*\s*=")
    if i is None:
        return None
    ls[i] = re.sub(rb"^(\s*)([A-Za-z_][A-Za-z0-9_]*)", rb"\1\2x", ls[i], count=1)
    return b"\n".join(ls), "misspelt-key-line-%d" % (i + 1), "R"


def m_wrong_type(d, r):
    ls = lines_of(d)
    i = pick_line(ls, r, rb"^\s*[A-Za-z_][A-Za-z0-9_]*\s*=")
    if i is None:
        return None
    repl = r.choice([b"true", b"[]", b"{}", b'""', b"[1, \"a\"]", b"1979-05-27", b"{ x = 1 }",
                     b'"\\u0000"', b"[[1,2],[3]]"])
    ls[i] = re.sub(rb"=.*$", lambda _: b"= " + repl, ls[i], count=1)
    return b"\n".join(ls), "type-%s-line-%d" % (repl.decode(), i + 1), "?"


def m_grid(d, r):
    """A grid made huge or empty: step = tiny/0/negative, points = huge/0, min > max."""
    ls = lines_of(d)
    idx = [i for i in value_lines(ls) if re.search(rb"\b(step|points|max)\s*=", ls[i])]
    if not idx:
        return None
    i = r.choice(idx)
    key = r.choice(re.findall(rb"\b(step|points|max)\s*=", ls[i]))
    v = r.choice({b"step": [b"1e-12", b"0", b"-0.01", b"1e300"],
                  b"points": [b"0", b"1000000000", b"-5", b"100000"],
                  b"max": [b"-100", b"1e300"]}[key])
    ls[i] = re.sub(rb"\b" + key + rb"\s*=\s*[^,}\s]+", lambda _: key + b" = " + v, ls[i],
                   count=1)
    return b"\n".join(ls), "grid-%s=%s-line-%d" % (key.decode(), v.decode(), i + 1), "?"


def m_toml_syntax(d, r):
    ls = lines_of(d)
    i = r.randrange(0, len(ls) + 1)
    junk = r.choice([b"[", b"[[", b"= 3", b"key =", b'k = "unterminated', b"[a.b.]", b"]]",
                     b"k = 1 2", b"\"\"\"", b"k = 0x", b"k = 1__0"])
    ls.insert(i, junk)
    return b"\n".join(ls), "toml-syntax-%s-line-%d" % (junk.decode(), i + 1), "R"


# -- Touchstone-specific
def option_index(ls):
    for i, l in enumerate(ls):
        if l.lstrip().startswith(b"#"):
            return i
    return None


OPTION_VARIANTS = [
    (b"# GHz S MA R 50", "?"), (b"# Hz S RI R 50", "?"), (b"# ghz s ri r 50", "?"),
    (b"# GHz S DB R 50", "?"), (b"# GHz Y MA R 50", "?"), (b"# GHz Z RI R 50", "?"),
    (b"# GHz G MA R 50", "?"), (b"# GHz S XX R 50", "R"), (b"# THz S MA R 50", "R"),
    (b"# GHz S MA R 0", "R"), (b"# GHz S MA R -50", "R"), (b"# GHz S MA R nan", "R"),
    (b"# GHz S MA R inf", "R"), (b"# GHz S MA R", "R"), (b"# GHz S MA R 50 75", "?"),
    (b"# GHz S MA X 50", "R"), (b"#", "?"), (b"# GHz GHz S MA R 50", "R"),
    (b"# GHz S MA R 1e400", "R"), (b"# GHz S MA R 50 junk", "R"), (b"#GHz S MA R 50", "?"),
    (b"# GHz\tS\tMA\tR\t50", "?"),
]


def m_ts_option(d, r):
    ls = lines_of(d)
    i = option_index(ls)
    if i is None:
        return None
    v, e = r.choice(OPTION_VARIANTS)
    ls[i] = v
    return b"\n".join(ls), "option-line-'%s'" % v.decode(), e


def m_ts_no_option(d, r):
    ls = lines_of(d)
    i = option_index(ls)
    if i is None:
        return None
    return b"\n".join(ls[:i] + ls[i + 1:]), "option-line-removed", "?"


def m_ts_two_options(d, r):
    ls = lines_of(d)
    i = option_index(ls)
    if i is None:
        return None
    return b"\n".join(ls[:i + 1] + [b"# Hz Z RI R 75"] + ls[i + 1:]), "second-option-line", "?"


def data_starts(ls, every=False):
    """Indices of lines that start a frequency record (v1: a line whose count of numbers is the
    first of a record; approximate: lines after the option line whose first token is a number
    and that are not continuation lines -- found as those with the most tokens)."""
    idx = []
    in_v2_data = False
    has_v2 = any(l.strip().lower().startswith(b"[network data]") for l in ls)
    for i, l in enumerate(ls):
        s = l.split(b"!")[0].strip()
        if has_v2:
            if s.lower().startswith(b"[network data]"):
                in_v2_data = True
                continue
            if s.startswith(b"["):
                in_v2_data = False
                continue
            if not in_v2_data:
                continue
        if not s or s.startswith((b"#", b"[")):
            continue
        if re.match(rb"^[-+0-9.]", s):
            idx.append(i)
    if not idx or every:
        return idx
    counts = [len(ls[i].split(b"!")[0].split()) for i in idx]
    top = max(counts)
    # records start at lines with the full count when lines are wrapped (or all lines)
    return [i for i, c in zip(idx, counts) if c == top] if len(set(counts)) > 1 else idx


def m_ts_swap_freqs(d, r):
    ls = lines_of(d)
    st = data_starts(ls)
    if len(st) < 3:
        return None
    k = r.randrange(0, len(st) - 1)
    a, b = st[k], st[k + 1]
    fa = ls[a].split()[0]
    fb = ls[b].split()[0]
    ls[a] = ls[a].replace(fa, fb, 1)
    ls[b] = ls[b].replace(fb, fa, 1)
    return b"\n".join(ls), "swap-frequencies-lines-%d-%d" % (a + 1, b + 1), "R"


def m_ts_dup_freq(d, r):
    ls = lines_of(d)
    st = data_starts(ls)
    if len(st) < 3:
        return None
    k = r.randrange(1, len(st))
    a, b = st[k - 1], st[k]
    fa = ls[a].split()[0]
    fb = ls[b].split()[0]
    ls[b] = ls[b].replace(fb, fa, 1)
    return b"\n".join(ls), "duplicate-frequency-line-%d" % (b + 1), "R"


def m_ts_value_count(d, r):
    ls = lines_of(d)
    st = data_starts(ls)
    if not st:
        return None
    i = r.choice(st)
    toks = ls[i].split(b"!")[0].split()
    if r.random() < 0.5 and len(toks) > 1:
        toks = toks[:-1]
        name = "drop-value-line-%d" % (i + 1)
    else:
        toks = toks + [b"0.5"]
        name = "extra-value-line-%d" % (i + 1)
    ls[i] = b" ".join(toks)
    return b"\n".join(ls), name, "R"


def m_ts_negative_freq(d, r):
    ls = lines_of(d)
    st = data_starts(ls, every=True)
    if not st:
        return None
    i = st[0]
    f = ls[i].split()[0]
    v = r.choice([b"-1", b"nan", b"inf", b"1e400", b"-0"])
    ls[i] = ls[i].replace(f, v, 1)
    return b"\n".join(ls), "first-frequency-%s" % v.decode(), "R" if v != b"-0" else "?"


def m_ts_v2_keyword(d, r):
    ls = lines_of(d)
    idx = [i for i, l in enumerate(ls) if re.match(rb"^\s*\[(Number of Ports|Number of "
                                                   rb"Frequencies|Two-Port Data Order|"
                                                   rb"Matrix Format|Reference|Version|"
                                                   rb"Number of Noise Frequencies)\]", l, re.I)]
    if not idx:
        return None
    i = r.choice(idx)
    key = re.match(rb"^\s*(\[[^\]]*\])", ls[i]).group(1)
    val = r.choice([b"0", b"-1", b"3", b"5", b"99999999999999", b"nan", b"", b"abc", b"2.5",
                    b"1e400", b"Upper", b"12_21", b"Full Full"])
    ls[i] = key + b" " + val
    return b"\n".join(ls), "v2-%s=%s" % (key.decode(), val.decode()), "?"


def m_ts_drop_v2_keyword(d, r):
    ls = lines_of(d)
    idx = [i for i, l in enumerate(ls) if l.strip().startswith(b"[")]
    if not idx:
        return None
    i = r.choice(idx)
    return b"\n".join(ls[:i] + ls[i + 1:]), "v2-drop-%s" % ls[i].strip()[:30].decode(
        "latin-1"), "?"


def m_ts_extension(d, r):
    """The same bytes under another extension (the port count of a v1 file is in its name)."""
    ext = r.choice([".s0p", ".s99999p", ".s-1p", ".S2P", ".s2p.bak", ".snp", ".s4p", ".s1p",
                    ".s3p", ".ts", ".txt", ""])
    return ("RENAME", ext, d), "extension-'%s'" % ext, "?"


def m_ts_magnitude(d, r):
    """A huge or negative magnitude / non-number token among the data values."""
    ls = lines_of(d)
    st = data_starts(ls)
    if not st:
        return None
    i = r.choice(st)
    toks = ls[i].split(b"!")[0].split()
    if len(toks) < 2:
        return None
    k = r.randrange(1, len(toks))
    v = r.choice([b"1e300", b"-1e300", b"nan", b"abc", b"1.2.3", b"0x10", b"1e", b"--1"])
    toks[k] = v
    ls[i] = b" ".join(toks)
    return b"\n".join(ls), "value-%s-line-%d" % (v.decode(), i + 1), (
        "?" if v in (b"1e300", b"-1e300") else "R")


GENERIC = [m_truncate, m_truncate, m_delete_line, m_duplicate_line, m_empty, m_whitespace_only,
           m_directory, m_crlf, m_bom, m_tabs, m_non_utf8, m_long_line, m_bad_number,
           m_bad_number]
TOML = [m_swap_unit, m_swap_unit, m_drop_unit, m_drop_unit, m_duplicate_table, m_unknown_key,
        m_misspell_key, m_wrong_type, m_wrong_type, m_toml_syntax, m_grid]
TOUCHSTONE = [m_ts_option, m_ts_option, m_ts_option, m_ts_no_option, m_ts_two_options,
              m_ts_swap_freqs, m_ts_dup_freq, m_ts_value_count, m_ts_value_count,
              m_ts_negative_freq, m_ts_v2_keyword, m_ts_v2_keyword, m_ts_drop_v2_keyword,
              m_ts_magnitude, m_ts_magnitude, m_ts_extension]
# -- plan-specific: the three length forms (length; length_min + length_max; lengths + weights)
def m_plan_length_forms(d, r):
    """Two length forms in one group, or half of one (length_min without length_max, weights
    without lengths): refused."""
    ls = lines_of(d)
    i = pick_line(ls, r, rb"^\s*(length|length_min|length_max|lengths|weights)\s*=")
    if i is None:
        return None
    key = re.match(rb"^\s*([a-z_]+)", ls[i]).group(1)
    if r.random() < 0.5:
        extra = r.choice([b'length = "2 m"', b'lengths = ["1 m", "2 m"]',
                          b'length_min = "1 m"\nlength_max = "2 m"'])
        if extra.split(b" ")[0] == key:
            extra = b'length = "2 m"' if key != b"length" else b'lengths = ["1 m"]'
        ls.insert(i + 1, extra)
        return b"\n".join(ls), "second-length-form-after-line-%d" % (i + 1), "R"
    if key in (b"length", b"weights"):
        return None  # dropping either leaves a whole form
    return b"\n".join(ls[:i] + ls[i + 1:]), "drop-%s-line-%d" % (key.decode(), i + 1), "R"


def m_plan_array(d, r):
    """An element dropped from, added to or made bad in a lengths/weights/techs array."""
    ls = lines_of(d)
    i = pick_line(ls, r, rb"^\s*[a-z_]+\s*=\s*\[.*\]")
    if i is None:
        return None
    m = re.match(rb"^(\s*[a-z_]+\s*=\s*\[)(.*)(\].*)$", ls[i])
    items = [x.strip() for x in m.group(2).split(b",") if x.strip()]
    key = ls[i].split(b"=")[0].strip().decode()
    how = r.choice(["drop", "add", "bad", "empty"])
    if how == "drop" and items:
        items = items[:-1]
    elif how == "add":
        items = items + [items[-1] if items else b"1"]
    elif how == "bad" and items:
        k = r.randrange(len(items))
        items[k] = r.choice([b"0", b"-1", b'"-1 m"', b'"1"', b"nan", b"1e400", b'"abc"', b"true"])
    else:
        items = []
    ls[i] = m.group(1) + b", ".join(items) + m.group(3)
    # dropping a weight, adding one, or emptying the list must be refused; a duplicate length or
    # technology, a weight of 0, ... are a matter of the model
    expect = "R" if key == "weights" and how in ("drop", "add", "empty") else "?"
    return b"\n".join(ls), "array-%s-%s-line-%d" % (key, how, i + 1), expect


def m_plan_duplicate_group(d, r):
    """A named [[group]] given twice (its rows could not be told apart), or its name made blank:
    refused."""
    ls = lines_of(d)
    heads = [i for i, l in enumerate(ls) if l.strip() == b"[[group]]"]
    named = []
    for i in heads:
        j = i + 1
        while j < len(ls) and not ls[j].lstrip().startswith(b"["):
            j += 1
        if any(re.match(rb"^\s*name\s*=", x) for x in ls[i + 1:j]):
            named.append((i, j))
    if not named:
        return None
    i, j = r.choice(named)
    if r.random() < 0.5:
        return b"\n".join(ls + [b""] + ls[i:j]), "duplicate-group-line-%d" % (i + 1), "R"
    for k in range(i + 1, j):
        if re.match(rb"^\s*name\s*=", ls[k]):
            ls[k] = b'name = "  "'
            return b"\n".join(ls), "blank-group-name-line-%d" % (k + 1), "R"
    return None


PLAN = [m_plan_length_forms, m_plan_length_forms, m_plan_array, m_plan_array,
        m_plan_duplicate_group]


def m_csv_fields(d, r):
    """A row with a field dropped or added (a shard cut short or corrupted)."""
    ls = lines_of(d)
    idx = [i for i in range(1, len(ls)) if ls[i].strip()]
    if not idx:
        return None
    i = r.choice(idx)
    f = ls[i].split(b",")
    if r.random() < 0.5:
        ls[i] = b",".join(f[:-1])
        return b"\n".join(ls), "csv-drop-field-line-%d" % (i + 1), "R"
    ls[i] = ls[i] + b",0.5"
    return b"\n".join(ls), "csv-extra-field-line-%d" % (i + 1), "R"


def m_csv_value(d, r):
    ls = lines_of(d)
    idx = [i for i in range(1, len(ls)) if ls[i].strip()]
    if not idx:
        return None
    i = r.choice(idx)
    f = ls[i].split(b",")
    k = r.randrange(0, len(f))
    f[k] = r.choice([b"nan", b"1e400", b"abc", b"", b"-1"])
    ls[i] = b",".join(f)
    return b"\n".join(ls), "csv-value-%s-field-%d-line-%d" % (f[k].decode(), k + 1, i + 1), (
        "R" if k == 0 and f[k] in (b"nan", b"abc", b"", b"-1") else "?")


CSV = [m_csv_fields, m_csv_fields, m_csv_value, m_csv_value]


def mutators_for(kind):
    if kind.startswith("touchstone"):
        return GENERIC + TOUCHSTONE
    if kind in ("merge-csv", "resume"):
        return GENERIC + CSV
    if kind == "plan":
        return GENERIC + TOML + PLAN
    return GENERIC + TOML


# OUT.partial is the sweep's own file, not one a person writes: empty is a state a killed run
# leaves (killed before its header reached the disk) and may be continued; CRLF line ends mean it
# was rewritten by something else, and refusing it ("header differs") keeps foreign rows out.
RESUME_EXPECT = {"empty": "?", "crlf": "?"}

# What the seeds' evaluator (pam, sweeps/src/evaluators.cpp) writes in each of its columns
# (Evaluator::text_columns): --resume and merge check every cell they copy against it.
EVALUATOR_COLUMNS = ["modulation", "d_over_sigma", "ser", "ber"]
TEXT_COLUMNS = {"modulation"}
NUMBER_CELL = re.compile(rb"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


def number_cell_ok(c):
    """A cell as format_value writes it: a finite number of at most 24 characters, or
    nan/inf/-inf (sweeps/src/sweep_cells.cpp)."""
    if c in (b"nan", b"inf", b"-inf"):
        return True
    if len(c) > 24 or not NUMBER_CELL.fullmatch(c):
        return False
    v = float(c)
    mantissa = re.split(rb"[eE]", c)[0]
    # from_chars: out of range above DBL_MAX and below the least subnormal (1e-400 is not 0)
    return math.isfinite(v) and (v != 0 or not re.search(rb"[1-9]", mantissa))


def text_cell_ok(c):
    """Printable UTF-8 (no control character), plain or quoted as csv_field quotes it."""
    if c.startswith(b'"'):
        if len(c) < 2 or not c.endswith(b'"'):
            return False
        inner = c[1:-1].replace(b'""', b'"')
        if b'"' + inner.replace(b'"', b'""') + b'"' != c or not any(x in inner for x in b',"\n\r'):
            return False
        c = inner
    elif b'"' in c:
        return False
    try:
        t = c.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any(ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0 for ch in t)


def csv_cells(line):
    cells, cur, quoted = [], b"", False
    for ch in line:
        ch = bytes([ch])
        if ch == b'"':
            quoted = not quoted
        if ch == b"," and not quoted:
            cells.append(cur)
            cur = b""
        else:
            cur += ch
    return cells + [cur]


def csv_expect(kind, before, after, expect):
    """A CSV mutant's expectation from the cells it changed, as --resume and merge check them:
    "R" when a changed cell is not what the sweep writes in its column (a result cell that is not
    a number as format_value writes it, text that is not printable UTF-8; for --resume any axis
    cell changed: the rows' axis cells are compared whole), else the mutator's."""
    if not isinstance(after, bytes):
        return expect
    b, a = before.split(b"\n"), after.split(b"\n")
    if len(b) != len(a) or not b or b[0] != a[0]:
        return expect
    head = [h.decode("utf-8", "replace") for h in csv_cells(b[0])]
    for lb, la in zip(b[1:], a[1:]):
        if lb == la or not lb:
            continue
        cb, ca = csv_cells(lb), csv_cells(la)
        if len(cb) != len(ca) or len(ca) != len(head) or la.count(b'"') % 2:
            continue  # a cell count off: the row check refuses it (the mutator says so)
        for k in range(1, len(head)):
            if cb[k] == ca[k]:
                continue
            if head[k] in EVALUATOR_COLUMNS:
                ok = text_cell_ok(ca[k]) if head[k] in TEXT_COLUMNS else number_cell_ok(ca[k])
            else:  # an axis cell
                ok = kind != "resume" and text_cell_ok(ca[k])
            if not ok:
                return "R"
    return expect


# ---------------------------------------------------------------------------------------------
PROGRESS = re.compile(r"^linkphy: (sweep|crossover): [0-9]+% ")
FLOAT_BAD = re.compile(r"(?<![A-Za-z_])(nan|-?inf|-?infinity)(?![A-Za-z_])", re.I)


def count_nonfinite(run_dir):
    """Where an output holds nan/inf: for a CSV the set of columns with such a cell, for other
    files one label per occurrence (so more of them than the seed's is new)."""
    labels = set()
    for f in os.listdir(run_dir):
        p = os.path.join(run_dir, f)
        if f.startswith("mutant") or not os.path.isfile(p):
            continue
        with open(p, "rb") as fh:
            text = fh.read().decode("utf-8", "replace")
        ext = os.path.splitext(f)[1]
        if ext == ".csv":
            rows = text.splitlines()
            head = rows[0].split(",") if rows else []
            for row in rows[1:]:
                for k, cell in enumerate(row.split(",")):
                    if FLOAT_BAD.fullmatch(cell.strip()):
                        labels.add("%s:%s" % (ext, head[k] if k < len(head) else k))
        else:
            for k in range(len(FLOAT_BAD.findall(text))):
                labels.add("%s#%d" % (ext, k))
    return labels


class Everything:
    """A baseline holding every label: merge and sweep --resume copy the cells of a shard or
    OUT.partial after checking each against what the sweep writes in its column, and nan/inf is
    what it writes for "not available" in a numeric one: a nan cell in is a nan cell out, not a
    defect (anything else is expected refused: csv_expect)."""

    def __ge__(self, other):
        return True


def classify(rc, err, run_dir, out_prefix, expect, names, baseline_nonfinite, input_name):
    """The verdict of one run, and its soft remarks. baseline_nonfinite: nan/inf cells in the
    seed's own output (the CSV writes nan for "not available", e.g. com_db in the analytic tier;
    docs/DESIGN.md), so only more of them than the seed has count as NAN-OUT."""
    soft = []
    lines = err.splitlines()
    left = [f for f in os.listdir(run_dir) if not f.startswith("mutant") and f != input_name]
    if "AddressSanitizer" in err or "runtime error:" in err or "LeakSanitizer" in err:
        return "SANITIZER", soft
    if rc == "timeout":
        return "HANG", soft
    if rc < 0 or rc >= 128:
        return "CRASH", soft
    if "terminate called" in err or "what():" in err:
        return "UNCAUGHT", soft
    if rc == 0:
        outs = [f for f in left]
        if not outs:
            return "NO-OUTPUT", soft
        if not count_nonfinite(run_dir) <= baseline_nonfinite:
            return "NAN-OUT", soft
        # progress lines of a long sweep ("linkphy: sweep: 40% (…)") are not a flood
        if len([x for x in lines if not PROGRESS.match(x)]) > 3:
            return "FLOOD", soft
        if expect == "R":
            return "ACCEPTED", soft
        return "ok", soft
    if rc != 2:
        return "EXIT-%d" % rc, soft
    if not err.strip():
        return "EMPTY-MSG", soft
    if len(lines) != 1:
        return "MULTILINE", soft
    if not lines[0].startswith("linkphy:"):
        return "NOT-LINKPHY", soft
    if left:
        return "FILE-LEFT", soft
    if expect == "A":
        return "REFUSED", soft
    if not any(n in err for n in names):
        soft.append("NO-WHERE")
    if not re.search(r"accepted|expected|known|needs|holds|missing|must|allowed|want|"
                     r"is not|not a|no |only|between|within|from|range", err, re.I):
        soft.append("NO-ACCEPTED")
    return "ok", soft


def run_one(job):
    (linkphy, kind, seed_path, cmd, idx, data, name, expect, timeout, baseline) = job
    run_dir = tempfile.mkdtemp(prefix="lpfz-")
    try:
        base = os.path.basename(seed_path)
        if isinstance(data, tuple):  # ("RENAME", extension, bytes)
            base = os.path.splitext(base)[0] + data[1]
            data = data[2]
        mpath = os.path.join(run_dir, "mutant-" + base)
        if kind == "resume":  # the command reads {O}.csv.partial, beside its -o {O}.csv
            mpath = os.path.join(run_dir, "out.csv.partial")
        if data == "DIR":
            os.mkdir(mpath)
        else:
            with open(mpath, "wb") as f:
                f.write(data)
        outp = os.path.join(run_dir, "out")
        args = [a.replace("{F}", mpath).replace("{O}", outp) for a in cmd]
        try:
            p = subprocess.run([linkphy] + args, cwd=REPO, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=timeout)
            rc = p.returncode
            err = p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as e:
            rc = "timeout"
            err = (e.stderr or b"").decode("utf-8", "replace")
        nonfinite = count_nonfinite(run_dir) if rc == 0 else set()
        if baseline is None:  # the unmutated seed: its nan/inf cells are the baseline
            verdict, soft = ("ok" if rc == 0 else "SEED-REFUSED"), []
        else:
            verdict, soft = classify(rc, err, run_dir, outp, expect,
                                     [base, os.path.basename(mpath), "mutant-", "--config",
                                      "--catalog"],
                                     Everything() if kind in ("merge-csv", "resume") else baseline,
                                     os.path.basename(mpath))
        first = err.splitlines()[0][:300] if err.splitlines() else ""
        return dict(kind=kind, seed=seed_path, mutation=name, expect=expect, verdict=verdict,
                    soft=",".join(soft), rc=rc, nlines=len(err.splitlines()), first=first,
                    args=args, data=data, base=base, index=idx, run_dir=run_dir,
                    nonfinite=nonfinite)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--linkphy", default="build/bin/linkphy")
    ap.add_argument("--mutants", type=int, default=30, help="mutants per seed (default 30)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default="", help="comma-separated kinds (default all)")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tsv", default="")
    ap.add_argument("--keep", default="", help="directory for defect mutants + repro.sh")
    ap.add_argument("--subset", type=float, default=1.0,
                    help="run only this fraction of the mutants (e.g. 0.2 for a sanitizer build)")
    ap.add_argument("--soft", action="store_true", help="list soft remarks in the summary")
    a = ap.parse_args()
    linkphy = os.path.abspath(a.linkphy)
    if not os.access(linkphy, os.X_OK):
        sys.exit("fuzz-files: no executable %s (build first)" % linkphy)
    kinds = set(k for k in a.kinds.split(",") if k)
    tmp = tempfile.mkdtemp(prefix="lpfz-seeds-")
    try:
        gen = make_generated_seeds(tmp, linkphy)
        jobs = []
        for si, (kind, seed, cmd) in enumerate(SEEDS):
            if kinds and kind not in kinds:
                continue
            path = gen.get(seed, seed)
            cmd = [gen.get(x, x) for x in cmd]  # a generated seed as another input (@name)
            with open(path, "rb") as f:
                data = f.read()
            seed_run = run_one((linkphy, kind, path, cmd, 0, data, "seed", "A", a.timeout,
                                None))
            if seed_run["verdict"] != "ok":
                print("fuzz-files: seed refused, skipped: %s %s: %s" % (
                    kind, seed, seed_run["first"]), file=sys.stderr)
                continue
            baseline = seed_run["nonfinite"]
            muts = mutators_for(kind)
            rng = random.Random("%d:%d:%s" % (a.seed, si, seed))
            # The first round takes every mutator once, in an order of the seed's: with fewer
            # mutants than mutators (--mutants 20 against 25-30) a fixed order never reached the
            # kind-specific ones at the end of the list (TOML syntax, grids; Touchstone v2
            # keywords, extensions, ...).
            order = list(muts)
            rng.shuffle(order)
            made = 0
            tries = 0
            while made < a.mutants and tries < a.mutants * 20:
                tries += 1
                m = order[made] if made < len(order) else rng.choice(muts)
                res = m(data, rng)
                if res is None:
                    if made < len(muts):
                        made += 1  # this mutator does not apply to this seed
                    continue
                d2, name, expect = res
                if kind == "resume":
                    expect = RESUME_EXPECT.get(name, expect)
                if kind in ("resume", "merge-csv"):
                    expect = csv_expect(kind, data, d2, expect)
                if made >= len(muts) and isinstance(d2, bytes) and rng.random() < 0.3:
                    # a second mutation on top of the first
                    m2 = rng.choice(muts)  # not m again: a value dropped then added is a no-op
                    res2 = m2(d2, rng) if m2 not in (m_directory, m) else None
                    if res2 is not None and isinstance(res2[0], bytes):
                        second = res2[2]
                        if kind == "resume":
                            second = RESUME_EXPECT.get(res2[1], second)
                        pair = {expect, second}
                        e2 = "A" if pair == {"A"} else "R" if pair <= {"R", "A"} else "?"
                        if res2[1] in ("empty", "whitespace-only"):
                            e2 = second  # the whole file replaced: the first mutation is gone
                        d2, name, expect = res2[0], name + "+" + res2[1], e2
                        if kind in ("resume", "merge-csv"):
                            expect = csv_expect(kind, data, d2, expect)
                made += 1
                if rng.random() > a.subset:
                    continue
                jobs.append((linkphy, kind, path, cmd, made, d2, name, expect, a.timeout,
                             baseline))
        results = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            for r in ex.map(run_one, jobs):
                results.append(r)
        # Report.
        by_kind = {}
        for r in results:
            by_kind.setdefault(r["kind"], {}).setdefault(r["verdict"], 0)
            by_kind[r["kind"]][r["verdict"]] += 1
        print("kind\tmutants\t" + "verdicts")
        for k, v in by_kind.items():
            print("%s\t%d\t%s" % (k, sum(v.values()),
                                  ", ".join("%s %d" % kv for kv in sorted(v.items()))))
        defects = [r for r in results if r["verdict"] != "ok"]
        soft = [r for r in results if r["soft"]]
        print("total %d mutants, %d defects, %d soft remarks" % (len(results), len(defects),
                                                                 len(soft)))
        for r in defects:
            print("%s\t%s\t%s\t%s\trc=%s\tlines=%d\t%s" % (
                r["verdict"], r["kind"], os.path.basename(r["seed"]), r["mutation"], r["rc"],
                r["nlines"], r["first"][:160]))
        if a.soft:
            for r in soft:
                print("soft:%s\t%s\t%s\t%s\t%s" % (r["soft"], r["kind"],
                                                  os.path.basename(r["seed"]), r["mutation"],
                                                  r["first"][:200]))
        if a.tsv:
            with open(a.tsv, "w") as f:
                f.write("kind\tseed\tmutation\texpect\tverdict\tsoft\trc\tstderr_lines\tfirst\t"
                        "command\n")
                for r in results:
                    f.write("\t".join(str(x).replace("\t", "\\t").replace("\n", "\\n") for x in [
                        r["kind"], r["seed"], r["mutation"], r["expect"], r["verdict"],
                        r["soft"], r["rc"], r["nlines"], r["first"].replace("\t", " "),
                        " ".join(r["args"])]) + "\n")
        if a.keep:
            shutil.rmtree(a.keep, ignore_errors=True)
            os.makedirs(a.keep, exist_ok=True)
            for n, r in enumerate(defects):
                d = os.path.join(a.keep, "%03d-%s" % (n, r["verdict"]))
                os.makedirs(d, exist_ok=True)
                mp = os.path.join(d, "mutant-" + r["base"])
                if isinstance(r["data"], tuple):
                    r["data"] = r["data"][2]
                if r["data"] == "DIR":
                    os.makedirs(mp, exist_ok=True)
                else:
                    with open(mp, "wb") as f:
                        f.write(r["data"])
                args = [x.replace(r["run_dir"], d) for x in r["args"]]
                with open(os.path.join(d, "repro.sh"), "w") as f:
                    f.write("# %s %s %s (expect %s)\n" % (r["verdict"], r["kind"],
                                                         r["mutation"], r["expect"]))
                    f.write("cd %s && %s %s\n" % (REPO, linkphy,
                                                   " ".join("'%s'" % x for x in args)))
        return 1 if defects else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
