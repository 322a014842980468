"""Site build benchmark: full build, incremental rebuild, and the extension's overhead.

The full build of the real site (fresh environment and output), an incremental one after touching
source/guide.rst, and the baseline: plain Sphinx (same theme, search and doctest settings) on a
copy of the same sources, generated reST included, with ``benchmarks/plain_sphinx.py`` standing in
for the law domain. Overhead = full / baseline - 1, each the best of ROUNDS builds run alternately
so that load from elsewhere hits both alike. The goals are on wall time: overhead <= 15 %,
incremental <= 3 s (exit status 1 when one is missed); the CPU time, children included, is printed
beside it, since work in a second process (``rules_ext.rulebook_site.background``) shortens the
wall time but not the CPU time. Both builds have the same navigation (rules_ext.rulebook_site.navigation).
Run: .venv/bin/python benchmarks/bench_site.py
"""
from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
ROUNDS = int(os.environ.get("BENCH_SITE_ROUNDS", "3"))
PLAIN_CONF = f'''
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})  # benchmarks/plain_sphinx.py
import rules_ext.rulebook_site
import rules_ext.rulebook_site.words
project = "中国桥牌竞赛规则"
language = "zh_CN"
extensions = ["sphinx.ext.doctest", "plain_sphinx"]
html_theme = "furo"
html_title = "中国桥牌竞赛规则"
html_search_language = "zh"
html_search_options = {{"dict": str(rules_ext.rulebook_site.words.BRIDGE_TERMS)}}
html_static_path = [str(rules_ext.rulebook_site.STATIC_DIR)]
html_css_files = ["rules.css"]
html_copy_source = False
exclude_patterns = ["_static"]
'''


def children_cpu() -> float:
    """User + system CPU seconds of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def sphinx(srcdir: Path, confdir: Path, outdir: Path, *extra: str,
           strict: bool = True) -> tuple[float, float, str]:
    """One build: its wall seconds, its CPU seconds (user + system, its children included) and log."""
    cmd = [sys.executable, "-m", "sphinx", *(["-W", "--keep-going"] if strict else []), "-b", "html",
           "-c", str(confdir), "-d", str(outdir / ".doctrees"), *extra, str(srcdir), str(outdir)]
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=PROJECT)
    seconds = time.perf_counter() - started
    cpu = children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"build failed ({' '.join(cmd)}):\n{done.stderr[-3000:]}")
    unknown = sorted(set(re.findall(r'Unknown (?:directive type|interpreted text role) "[^"]+"', done.stderr)))
    if unknown:  # the baseline must read the same markup: plain_sphinx lacks a stand-in
        raise SystemExit(f"build read markup it does not know ({' '.join(cmd)}): {'; '.join(unknown)}")
    return seconds, cpu, done.stdout


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        tmp = Path(tmp)
        plain_src = tmp / "plain-src"
        fulls, baselines, full_cpus, baseline_cpus = [], [], [], []
        for round_ in range(ROUNDS):
            out = tmp / f"full-{round_}"
            seconds, cpu, log = sphinx(PROJECT / "source", PROJECT, out, "-E")
            fulls.append(seconds)
            full_cpus.append(cpu)
            if round_ == 0:  # the generated reST now exists: copy it for the plain build
                generated = re.search(r"rules: generated in ([\d.]+) s", log)
                pages = len(list(out.rglob("*.html")))
                law_page = (out / "1991" / "law-45.html").stat().st_size
                shutil.copytree(PROJECT / "source", plain_src,
                                ignore=shutil.ignore_patterns("__pycache__"))
                (tmp / "plain-conf").mkdir()
                (tmp / "plain-conf" / "conf.py").write_text(PLAIN_CONF, encoding="utf-8")
            # not strict: the home page's link to the law index (made by the domain) stays unresolved
            seconds, cpu, _ = sphinx(plain_src, tmp / "plain-conf", tmp / f"plain-{round_}", "-E",
                                     strict=False)
            baselines.append(seconds)
            baseline_cpus.append(cpu)
        full, baseline = min(fulls), min(baselines)
        full_cpu, baseline_cpu = min(full_cpus), min(baseline_cpus)

        guide = PROJECT / "source" / "guide.rst"
        os.utime(guide)
        incremental, _, log_incr = sphinx(PROJECT / "source", PROJECT, tmp / "full-0")
        reread = re.search(r"\d+ added, \d+ changed, \d+ removed", log_incr)

    overhead = full / baseline - 1
    print(f"pages (HTML files):        {pages}")
    print(f"full build:                {full:6.2f} s  (CPU {full_cpu:.2f} s; corpus + page generation "
          f"{generated.group(1) if generated else '?'} s)")
    written = len(re.findall(r"writing output\.\.\. \[", log_incr))
    print(f"incremental (guide.rst):   {incremental:6.2f} s  (goal <= 3 s)"
          + (f"  [{reread.group(0)}; {written} pages written]" if reread else ""))
    print(f"plain Sphinx, same reST:   {baseline:6.2f} s  (CPU {baseline_cpu:.2f} s)")
    print(f"  (best of {ROUNDS} alternating rounds; full: "
          f"{', '.join(f'{t:.2f}' for t in fulls)} s; plain: {', '.join(f'{t:.2f}' for t in baselines)} s)")
    print(f"  (CPU, user + system: full: {', '.join(f'{t:.2f}' for t in full_cpus)} s; "
          f"plain: {', '.join(f'{t:.2f}' for t in baseline_cpus)} s)")
    print(f"extension overhead:        {overhead:+6.1%}  (full / plain - 1, wall; goal <= 15 %)")
    print(f"  by CPU time:             {full_cpu / baseline_cpu - 1:+6.1%}  (best CPU of each; "
          "a second core shortens the wall time, not the CPU time)")
    print(f"a law page (1991 Law 45):  {law_page / 1024:6.1f} KB")
    met = overhead <= 0.15 and incremental <= 3
    print("goals: " + ("met" if met else "MISSED"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
