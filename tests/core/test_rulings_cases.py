"""Cases written from the text, kept as data (``rulings_cases/<kind>.toml``): for each kind of
irregularity at least four cases per edition, each with the facts at the table, the words of the
provisions the ruling turns on (checked against that edition's text here) and every field of the
ruling, written by reading the text before the trees were walked. The expected values are facts,
never rendered sentences:

- ``laws``: every provision the ruling rests on (the most specific whose conditions the facts
  meet, the laws it applies by reference; none whose conditions they do not meet), as a set;
- ``offender_must_pass``, ``partner_must_pass``: ``no``, ``next_turn``, ``throughout`` (``pending``);
- ``lead``: the provisions of the lead restriction, ``[]`` for none;
- ``penalty_cards``: ``[{ card = "♠K", kind = "major" }]`` (``card`` left out where the case does
  not name it), ``[]`` for none;
- ``tricks``: tricks transferred; ``adjusted``: ``no``, ``may``, ``must``;
- ``options``: the options open to a player that do not change the ruling (who, and provisions);
- ``choices``: the choices the text gives a side (``by``, and ``chosen``: the option's key, or
  ``pending`` where the case does not say which was taken);
- ``refer``: the kind a referral leads to; ``notes``: a word the notes must hold, where the text is
  damaged or unclear and the case says so (``unclear``).

Left out, a field is its default: no obligation, no restriction, no penalty card, no trick, no
adjusted score, no option, no choice, no referral.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules_ext.cli.rulings import quotes_for
from rules_ext.core.rulings import EDITIONS, available, kinds
from rules_ext.core.rulings.case import case_from_data
from rules_ext.corpus import load_corpus

CASES = Path(__file__).parent / "rulings_cases"
FIELDS = ("laws", "offender_must_pass", "partner_must_pass", "lead", "penalty_cards", "tricks", "adjusted",
          "options", "choices", "refer")
DEFAULTS: dict[str, Any] = {"laws": None, "offender_must_pass": "no", "partner_must_pass": "no", "lead": [],
                            "penalty_cards": [], "tricks": 0, "adjusted": "no", "options": [], "choices": [],
                            "refer": ""}
#: the keys of a case that are not a case file's fields
OWN_KEYS = {"name", "text", "unclear", "expected", "story"}


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(CASES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for case in data.get("case", []):
            out.append((path.stem, case))
    return out


ALL = load_cases()


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def actual_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``rule --format json``'s answer, in the cases' terms."""
    lead = data["lead_restriction"]
    cards: Any = data["penalty_cards"]
    if cards == "pending":
        pass
    elif cards:
        cards = [{"card": c["card"], "kind": c["kind"]} if c["card"] else {"kind": c["kind"]} for c in cards]
    elif data["penalty_card"] == "pending":
        cards = "pending"
    elif data["penalty_card"]:
        cards = [{"kind": data["penalty_card"]["kind"]}]
    else:
        cards = []
    return {
        "laws": sorted(data["laws"]),
        "offender_must_pass": data["offender_must_pass"],
        "partner_must_pass": data["partner_must_pass"],
        "lead": "pending" if lead == "pending" else sorted(lead["laws"]) if lead else [],
        "penalty_cards": cards,
        "tricks": data["tricks_transferred"],
        "adjusted": data["adjusted_score_possible"],
        "options": [{"by": x["by"], "laws": sorted(x["laws"])} for x in data["options"]],
        "choices": [{"by": x["by"], "chosen": x["chosen"]} for x in data["choices"]],
        "refer": (data["refer"] or {}).get("kind", ""),
    }


def expected_fields(case: dict[str, Any]) -> dict[str, Any]:
    want = {**DEFAULTS, **case.get("expected", {})}
    want["laws"] = sorted(want["laws"])
    if isinstance(want["lead"], list):
        want["lead"] = sorted(want["lead"])
    want["options"] = [{"by": x["by"], "laws": sorted(x["laws"])} for x in want["options"]]
    return want


def ruled(kind: str, case: dict[str, Any]) -> dict[str, Any]:
    from rules_ext.cli.rulings import ruling_json
    fields = {k: v for k, v in case.items() if k not in OWN_KEYS}
    c = case_from_data({"kind": kind, **fields}, source=f"rulings_cases/{kind}.toml [{case['name']}]")
    ruling = c.rule()
    return ruling_json(ruling, quotes_for(ruling, load_corpus()))


def test_the_cases_are_kept_for_every_kind_four_per_edition():
    count = Counter((kind, case["edition"]) for kind, case in ALL)
    missing = [(k, e, count[k, e]) for k in kinds() for e in EDITIONS if count[k, e] < 4]
    assert not missing, missing
    names = Counter((kind, case["edition"], case["name"]) for kind, case in ALL)
    assert all(n == 1 for n in names.values()), [k for k, n in names.items() if n > 1]


@pytest.mark.parametrize(("kind", "case"), ALL, ids=[f"{k}:{c['name']}" for k, c in ALL])
def test_a_case_gives_every_field_the_text_gives(kind, case, corpus):
    edition = case.get("reference") or case["edition"]
    assert case.get("expected", {}).get("laws"), "a case names the provisions its ruling rests on"
    for label, words in case.get("text", {}).items():
        provision = corpus.find(edition, label)
        assert provision is not None, f"{edition} has no provision {label}"
        assert words in provision.text + provision.closing, (label, words)
    for label in case["expected"]["laws"]:
        assert corpus.find(edition, label) is not None, f"{label} is not a provision of the {edition} text"
    data = ruled(kind, case)
    got, want = actual_fields(data), expected_fields(case)
    wrong = {f: (got[f], want[f]) for f in FIELDS if got[f] != want[f]}
    assert not wrong, wrong
    if case.get("unclear"):
        assert any(case["expected"]["notes"] in note for note in data["notes"]), data["notes"]
    assert data["quote"] and all(q["text"] for q in data["quote"])


def agreement() -> dict[tuple[str, str], dict[str, int]]:
    """Per kind and edition: the cases, and on how many of them each field agrees (the report's
    table: ``python -m pytest tests/core/test_rulings_cases.py -k table -s``)."""
    table: dict[tuple[str, str], Counter] = {}
    for kind, case in ALL:
        row = table.setdefault((kind, case["edition"]), Counter())
        row["cases"] += 1
        try:
            got = actual_fields(ruled(kind, case))
        except Exception:   # a case the tree cannot rule on agrees on nothing
            continue
        want = expected_fields(case)
        for f in FIELDS:
            row[f] += got[f] == want[f]
    return {k: dict(v) for k, v in table.items()}


def test_agreement_table():
    table = agreement()
    print()
    print("kind edition cases " + " ".join(FIELDS))
    for (kind, edition), row in sorted(table.items()):
        print(kind, edition, row["cases"], " ".join(f"{row.get(f, 0)}/{row['cases']}" for f in FIELDS))
    assert all(row.get(f, 0) == row["cases"] for row in table.values() for f in FIELDS)


def test_every_kind_with_cases_is_a_kind():
    assert {kind for kind, _ in ALL} <= set(kinds())
    for kind, case in ALL:
        edition = case["edition"]
        assert available(kind, edition) or case.get("reference") == "1991", (kind, case["name"])
