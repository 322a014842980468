"""A set of deals in files: PBN (the common form, with double-dummy tricks and par when solved),
and the dealing machines' formats (:mod:`.machines`: Duplimate's .dlm and .dup, the older .bri and
.dge), each written and read back.

``deal_set_pbn(boards, ...)`` writes the PBN text of a set (boards from
:func:`rules_ext.core.dealing.deal_set`, or any (number, Deal) pairs); :func:`read_deal_file` reads
any of the formats by its suffix into (number, Deal) pairs; :func:`machine_file` writes one by its
suffix. The seed of a set is never written in any of them.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules_ext.core import Deal, board_conditions
from rules_ext.events.dd import DoubleDummy
from rules_ext.events.dealing.machines import (
    DealingFileError,
    DlmHead,
    read_bri,
    read_dge,
    read_dlm,
    read_dup,
    write_bri,
    write_dge,
    write_dlm,
    write_dup,
)
from rules_ext.events.pbn.lexer import escape_string
from rules_ext.events.pbn.reader import read_pbn
from rules_ext.fileio import read_input

__all__ = [
    "MACHINE_SUFFIXES",
    "DealingFileError",
    "DlmHead",
    "deal_set_pbn",
    "machine_file",
    "read_bri",
    "read_deal_file",
    "read_dge",
    "read_dlm",
    "read_dup",
    "write_bri",
    "write_dge",
    "write_dlm",
    "write_dup",
]

#: the dealing machines' files this package writes, by suffix
MACHINE_SUFFIXES = (".dlm", ".dup", ".bri", ".dge")


def _par_tags(dd: DoubleDummy) -> list[tuple[str, str]]:
    tags = [("DoubleDummyTricks", dd.to_tag())]
    if dd.par is not None and dd.par.score is not None:
        side = "NS" if dd.par.score >= 0 else "EW"
        tags.append(("OptimumScore", f"{side} {abs(dd.par.score)}"))
        contracts = "; ".join(str(c) for c in dd.par.contracts) or "Pass"
        tags.append(("ParContract", contracts))
    return tags


def deal_set_pbn(boards: Sequence[tuple[int, Deal]], *, event: str = "", site: str = "", date: str = "",
                 dd: Sequence[DoubleDummy | None] | None = None, generator: str = "rules_ext") -> str:
    """The PBN text (export format, read back and checked) of a set of deals: the mandatory tags,
    dealer and vulnerability of Law 2, and the double-dummy tricks and par of ``dd`` where given."""
    if not boards:
        raise DealingFileError("no boards to write: expected at least one")
    games = []
    for i, (number, deal) in enumerate(boards):
        dealer, vulnerability = board_conditions(number)
        tags = [("Event", event), ("Site", site), ("Date", date), ("Board", str(number)), ("West", ""),
                ("North", ""), ("East", ""), ("South", ""), ("Dealer", dealer.name), ("Vulnerable", vulnerability.value),
                ("Deal", deal.to_pbn(dealer)), ("Scoring", ""), ("Declarer", ""), ("Contract", ""), ("Result", ""),
                ("Generator", generator)]
        solved = dd[i] if dd is not None else None
        if solved is not None:
            tags += _par_tags(solved)
        games.append("\n".join(f"[{name} {escape_string(value)}]" for name, value in tags))
    text = "% PBN 2.1\n% EXPORT\n\n" + "\n\n".join(games) + "\n"
    from rules_ext.events.pbn.writer import write_pbn

    event_read = read_pbn(text, source="<deal set>", strict=True)  # the writer's own output must read back
    return write_pbn(event_read)


def read_deal_file(path: str | Path, *, first_board: int = 1) -> list[tuple[int, Deal]]:
    """The deals of a file by its suffix: .pbn (every board with a deal), .dlm, .dup, .bri, .dge
    (``first_board``: the board of a .bri or .dge file's first record, which they do not say)."""
    path = Path(path)
    suffix = path.suffix.lower()
    source = str(path)
    if suffix == ".pbn":
        event = read_pbn(path, strict=True)
        return [(b.number, b.deal) for b in event.boards if b.deal is not None]
    data = read_input(path)
    if suffix == ".dlm":
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError as exc:
            raise DealingFileError(f"{source}: byte {exc.start + 1}: a .dlm file is plain ASCII text") from exc
        return read_dlm(text, source=source)[1]
    readers = {".dup": lambda: read_dup(data, source=source),
               ".bri": lambda: read_bri(data, source=source, first_board=first_board),
               ".dge": lambda: read_dge(data, source=source, first_board=first_board)}
    if suffix not in readers:
        raise DealingFileError(f"{source}: unknown kind of deal file {suffix or '(no suffix)'!r}: expected .pbn, "
                               f"{', '.join(MACHINE_SUFFIXES)}")
    return readers[suffix]()


def machine_file(suffix: str, boards: Sequence[tuple[int, Deal]], *, show: bool = True,
                 headline: str = "rules_ext") -> bytes:
    """A dealing machine's file of ``boards`` by its suffix (``.dlm``, ``.dup``, ``.bri``, ``.dge``);
    ``show``: the cards on the machine's screen (.dlm ``Status=Show``; a .dup not blind)."""
    suffix = suffix.lower()
    if suffix == ".dlm":
        return write_dlm(boards, show=show, headline=headline).encode("ascii")
    if suffix == ".dup":
        return write_dup(boards, blind=not show)
    if suffix == ".bri":
        return write_bri(boards)
    if suffix == ".dge":
        return write_dge(boards)
    raise DealingFileError(f"unknown dealing machine file {suffix!r}: expected one of {', '.join(MACHINE_SUFFIXES)}")
