"""The corpus commands (see rules_ext.cli).

* ``corpus [--edition ID] [--format json|text]``: the model (``Corpus.to_dict``, the JSON the site offers for download) or an outline.
* ``check``: the line-accounting / evidence report; exit status 1 if anything is unaccounted for.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules_ext.corpus.catalogue import EDITIONS


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
    p = subparsers.add_parser("corpus", help="print the parsed rule corpus (JSON or text outline)")
    p.add_argument("--edition", metavar="ID", help=f"only this edition ({', '.join(EDITIONS.ids)})")
    p.add_argument("--format", choices=("json", "text"), default="json")
    p.add_argument("--texts", type=Path, metavar="DIR", help="texts directory (default: the delivered texts)")
    p.set_defaults(handler=cmd_corpus)
    c = subparsers.add_parser("check", help="check the corpus: every line accounted for, evidence, "
                              "errata, references")
    c.add_argument("--texts", type=Path, metavar="DIR", help="texts directory (default: the delivered texts)")
    c.set_defaults(handler=cmd_check)


def _load(texts: Path | None):
    from rules_ext.corpus import load_corpus

    if texts is not None and not texts.is_dir():
        raise FileNotFoundError(f"no texts directory {str(texts)!r}: expected a folder of *.txt "
                                "texts, e.g. rules_ext/corpus/texts")
    return load_corpus(texts)


def cmd_corpus(args: argparse.Namespace) -> int:
    corpus = _load(args.texts)
    editions = corpus.editions
    if args.edition:
        editions = [corpus.edition(args.edition)]
    if args.format == "json":
        json.dump({"editions": [e.to_dict() for e in editions]}, sys.stdout, ensure_ascii=False,
                  indent=1)
        sys.stdout.write("\n")
        return 0
    for e in editions:
        print(f"{e.id}  {e.title}  ({e.source}; {len(e.laws)} laws, {len(e.definitions)} "
              f"definitions, {len(e.tables)} tables)")
        for law in e.laws:
            mark = "*" if law.number_editorial else " "
            print(f" {mark}Law {law.number:>2} {law.title}  lines {law.lines[0]}–{law.lines[1]}"
                  f"  confidence {law.confidence:.2f}")
            for p in law.walk():
                depth = {"section": 1, "item": 2, "subitem": 3}.get(p.kind, 1)
                flag = " (recovered)" if p.recovered else ""
                print(f"   {'  ' * depth}{p.label} {p.heading}{flag}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from rules_ext.corpus.report import check_report

    report = check_report(_load(args.texts))
    print(report.render())
    return 0 if report.ok else 1
