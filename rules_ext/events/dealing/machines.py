"""The files of the dealing machines: Duplimate's ``.dlm`` (the new format, text) and ``.dup``
(the old one, binary), and the older ``.bri`` and ``.dge`` records the ``.dup`` is made of; each
written from a set of deals and read back, so that the boards a machine deals are the deals the
hand record and the travellers show.

No official description of the ``.dlm`` is public; these are the public ones: for ``.bri``,
``.dge`` and ``.dup``, Jannersten's Duplimate conversion note ("convert.pdf",
duplimate.com/DuplimateClub/convert.pdf, as quoted in the design notes of
njhammond/hand_record_utility) and Big Deal's ``output.c`` (Hans van Staveren,
github.com/hansvanstaveren/BigDeal); for ``.dlm``, Big Deal's ``output.c`` alone. Each record's
layout is in the docstring of the function that writes it (:func:`bri_text`, :func:`dge_text`,
:func:`write_dup`, :func:`write_dlm`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_ext.core import Card, Deal, Hand, Seat, full_pack
from rules_ext.errors import RulesError

#: the cards in the order of every format here: ♠A, ♠K, ... ♣2 (card number = index + 1)
PACK: tuple[Card, ...] = full_pack()
_NUMBER = {card: i + 1 for i, card in enumerate(PACK)}
#: the DOS characters of the suits ♠ ♥ ♦ ♣ in a .dge record
DGE_SUITS = (b"\x06", b"\x03", b"\x04", b"\x05")
RANKS = "AKQJT98765432"
#: the highest board the Duplimate formats hold
MAX_BOARD = 99
BRI_RECORD, DGE_RECORD, DUP_RECORD = 128, 128, 156
#: the deal that fills the boards of a .dlm that are not in the set, and its checksum (board ^ 14)
DLM_FILLER = "aaaaaabffffffkkkkkklpppppp"


class DealingFileError(RulesError):
    """A dealing machine's file that cannot be read or written: names the file and where. Reading
    checks everything the format allows to be checked (lengths, card numbers, checksums, every card
    once) and names the file and the line or byte where it fails."""


@dataclass(frozen=True, slots=True)
class DlmHead:
    """What a .dlm file says about its set: the boards, shown on the machine's screen or sealed,
    duplicates, its headline."""

    first: int
    last: int
    show: bool = True
    duplicates: int = 0
    headline: str = ""


def _check_boards(boards: Sequence[tuple[int, Deal]], what: str) -> None:
    if not boards:
        raise DealingFileError(f"no boards to write a {what} file of: expected at least one")
    for number, deal in boards:
        if not 1 <= number <= MAX_BOARD:
            raise DealingFileError(f"board {number}: a {what} file holds boards 1 to {MAX_BOARD} only")
        if not deal.is_complete:
            raise DealingFileError(f"board {number}: deal {deal} is not complete: a {what} file needs all 52 cards")


def _numbers(deal: Deal, seat: Seat) -> list[int]:
    return sorted(_NUMBER[c] for c in deal.hand(seat).cards)


def bri_text(deal: Deal) -> bytes:
    """The 78 characters of a deal in a .bri record: North's, East's and South's 13 cards as
    two-digit numbers (01 = ♠A, 02 = ♠K, ... 13 = ♠2, 14 = ♥A, ... 52 = ♣2; West has the other 13).
    A record is these 78 characters, then 32 spaces and 18 zero bytes (128 bytes a board)."""
    return "".join(f"{n:02d}" for seat in (Seat.N, Seat.E, Seat.S) for n in _numbers(deal, seat)).encode("ascii")


def dge_text(deal: Deal) -> bytes:
    """The 68 bytes of a deal in a .dge record: the four hands North, East, South, West, each as
    the suit characters 6, 3, 4, 5 (♠ ♥ ♦ ♣ in the DOS character set) each followed by its ranks
    (``AKQJT98765432``). A record is these 68 bytes, then 60 zero bytes (128 bytes a board)."""
    out = bytearray()
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        numbers = _numbers(deal, seat)
        for s, mark in enumerate(DGE_SUITS):
            out += mark
            out += "".join(RANKS[n - 1 - 13 * s] for n in numbers if 13 * s < n <= 13 * (s + 1)).encode("ascii")
    return bytes(out)


def write_bri(boards: Sequence[tuple[int, Deal]]) -> bytes:
    """A .bri file: one 128-byte record a board, in the order given."""
    _check_boards(boards, ".bri")
    return b"".join(bri_text(d) + b" " * 32 + b"\x00" * 18 for _, d in boards)


def write_dge(boards: Sequence[tuple[int, Deal]]) -> bytes:
    """A .dge file: one 128-byte record a board, in the order given."""
    _check_boards(boards, ".dge")
    return b"".join(dge_text(d) + b"\x00" * 60 for _, d in boards)


def write_dup(boards: Sequence[tuple[int, Deal]], *, blind: bool = False, copies: int = 0) -> bytes:
    """A .dup file: one 156-byte record a board (boards in order from the lowest); ``blind``: no
    cards on the machine's screen (the .dge part of board 1 left blank). A record is a ``.bri``
    record's 78 characters, a ``.dge`` record's 68 (68 spaces on board 1 of a blind set), then 10
    characters: ``Y`` (random hands), ``N`` (not counting backwards), the lowest board (3
    characters, left-aligned, spaces after), the copies of each board (2), and the highest board
    (3). Boards 1 to 99 at most (:data:`MAX_BOARD`)."""
    _check_boards(boards, ".dup")
    ordered = sorted(boards)
    low, high = ordered[0][0], ordered[-1][0]
    trailer = f"YN{low:<3d}{copies:<2d}{high:<3d}".encode("ascii")
    out = bytearray()
    for i, (_, deal) in enumerate(ordered):
        out += bri_text(deal)
        out += b" " * 68 if blind and i == 0 else dge_text(deal)
        out += trailer
    return bytes(out)


def dlm_letters(deal: Deal) -> str:
    """The 26 letters of a deal in a .dlm file: the cards from ♠A to ♣2 two at a time, each letter
    ``a`` + 4 × the seat of the first + the seat of the second (N 0, E 1, S 2, W 3)."""
    seat_of = {c: seat.value for seat in Seat for c in deal.hand(seat).cards}
    return "".join(chr(ord("a") + 4 * seat_of[PACK[2 * i]] + seat_of[PACK[2 * i + 1]]) for i in range(26))


def _dlm_checksum(board: int, letters: str) -> int:
    value = board
    for ch in letters:
        value ^= ord(ch)
    return value


def write_dlm(boards: Sequence[tuple[int, Deal]], *, show: bool = True, headline: str = "rules_ext",
              newline: str = "\r\n") -> str:
    """A .dlm file of boards ``first``..``last`` (every board in that range given); ``show``:
    the cards are shown on the machine's screen (else sealed). The file is a ``[Document]`` head
    (``Headline``, ``Status=Show`` or ``Sealed``, ``Duplicates``, ``From board``, ``To board``,
    ``Next board to duplimate=0``, ``PrintOuts=0``, ``Crypto key=0``, ``Checksum`` = duplicates ^
    from ^ to, ^ 1 when shown), then for every board 1 to 99 ``Duplicates NN=0`` and ``Board NN=``
    its 26 letters (:func:`dlm_letters`) and a 3-digit checksum, the board number XOR the 26
    letters. Boards outside the set hold a filler deal (:data:`DLM_FILLER`)."""
    _check_boards(boards, ".dlm")
    by_number = dict(boards)
    low, high = min(by_number), max(by_number)
    missing = [n for n in range(low, high + 1) if n not in by_number]
    if missing:
        raise DealingFileError(f"a .dlm file holds boards {low} to {high} in a row: board {missing[0]} is missing")
    if any(ch in headline for ch in "\r\n"):
        raise DealingFileError("a .dlm headline is one line: expected no line break in it")
    duplicates = 0
    checksum = duplicates ^ low ^ high ^ (1 if show else 0)
    lines = ["[Document]", f"Headline={headline}", f"Status={'Show' if show else 'Sealed'}",
             f"Duplicates={duplicates}", f"From board={low}", f"To board={high}", "Next board to duplimate=0",
             "PrintOuts=0", "Crypto key=0", f"Checksum={checksum}"]
    for n in range(1, MAX_BOARD + 1):
        letters = dlm_letters(by_number[n]) if n in by_number else DLM_FILLER
        lines.append(f"Duplicates {n:02d}=0")
        lines.append(f"Board {n:02d}={letters}{_dlm_checksum(n, letters):03d}")
    return newline.join(lines) + newline


# -- reading -----------------------------------------------------------------------------------

def _deal_of_holders(holders: Sequence[int], where: str) -> Deal:
    """The deal where card ``i`` (♠A first) is held by seat ``holders[i]``."""
    hands: list[list[Card]] = [[], [], [], []]
    for i, seat in enumerate(holders):
        hands[seat].append(PACK[i])
    counts = [len(h) for h in hands]
    if counts != [13, 13, 13, 13]:
        raise DealingFileError(f"{where}: the hands hold {'/'.join(map(str, counts))} cards (N/E/S/W): expected 13 each")
    return Deal(tuple(Hand.of(h) for h in hands))  # type: ignore[arg-type]


def _bri_deal(record: bytes, where: str) -> Deal:
    try:
        text = record[:78].decode("ascii")
        numbers = [int(text[i:i + 2]) for i in range(0, 78, 2)]
    except (UnicodeDecodeError, ValueError) as exc:
        raise DealingFileError(f"{where}: the cards are not two-digit numbers: expected 39 numbers 01-52") from exc
    holders = [3] * 52
    seen: set[int] = set()
    for k, n in enumerate(numbers):
        if not 1 <= n <= 52 or n in seen:
            problem = "out of range (01-52)" if not 1 <= n <= 52 else "given twice"
            raise DealingFileError(f"{where}: card number {n:02d} is {problem}")
        seen.add(n)
        holders[n - 1] = k // 13
    return _deal_of_holders(holders, where)


def _dge_deal(record: bytes, where: str) -> Deal:
    holders = [-1] * 52
    pos = 0
    for seat in range(4):
        for s, mark in enumerate(DGE_SUITS):
            if record[pos:pos + 1] != mark:
                raise DealingFileError(f"{where}: byte {pos + 1}: expected the suit character {mark[0]} "
                                       f"(hand {Seat(seat).name})")
            pos += 1
            while pos < len(record) and chr(record[pos]) in RANKS:
                card = 13 * s + RANKS.index(chr(record[pos]))
                if holders[card] != -1:
                    raise DealingFileError(f"{where}: {PACK[card]} is dealt twice")
                holders[card] = seat
                pos += 1
    if -1 in holders:
        raise DealingFileError(f"{where}: {PACK[holders.index(-1)]} is in no hand")
    return _deal_of_holders(holders, where)


def _records(data: bytes, size: int, source: str, what: str) -> list[bytes]:
    if not data or len(data) % size:
        raise DealingFileError(f"{source}: {len(data)} bytes is not a whole number of {size}-byte {what} records")
    return [data[i:i + size] for i in range(0, len(data), size)]


def read_bri(data: bytes, *, source: str = "<bri>", first_board: int = 1) -> list[tuple[int, Deal]]:
    """The deals of a .bri file (the records do not say their board: the first is ``first_board``)."""
    return [(first_board + i, _bri_deal(r, f"{source}: record {i + 1}"))
            for i, r in enumerate(_records(data, BRI_RECORD, source, ".bri"))]


def read_dge(data: bytes, *, source: str = "<dge>", first_board: int = 1) -> list[tuple[int, Deal]]:
    """The deals of a .dge file (the first record is ``first_board``)."""
    return [(first_board + i, _dge_deal(r[:68], f"{source}: record {i + 1}"))
            for i, r in enumerate(_records(data, DGE_RECORD, source, ".dge"))]


def read_dup(data: bytes, *, source: str = "<dup>") -> list[tuple[int, Deal]]:
    """The deals of a .dup file, numbered from the lowest board its records name; the .bri and .dge
    parts of each record must agree (a blank .dge part is allowed: a blind set)."""
    out = []
    for i, record in enumerate(_records(data, DUP_RECORD, source, ".dup")):
        where = f"{source}: record {i + 1}"
        trailer = record[146:].decode("ascii", "replace")
        try:
            low = int(trailer[2:5])
        except ValueError as exc:
            raise DealingFileError(f"{where}: bytes 149-151 {trailer[2:5]!r}: expected the lowest board number") from exc
        deal = _bri_deal(record[:78], where)
        dge = record[78:146]
        if dge.strip(b" ") and _dge_deal(dge, where) != deal:
            raise DealingFileError(f"{where}: the .bri and .dge parts give different deals")
        out.append((low + i, deal))
    return out


def read_dlm(text: str, *, source: str = "<dlm>") -> tuple[DlmHead, list[tuple[int, Deal]]]:
    """The head and the deals (boards ``From board`` to ``To board``) of a .dlm file."""
    head: dict[str, tuple[str, int]] = {}
    boards: dict[int, tuple[str, int]] = {}
    lines = text.splitlines()
    if not lines or lines[0].strip() != "[Document]":
        raise DealingFileError(f"{source}:1: expected [Document] first: not a .dlm file")
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise DealingFileError(f"{source}:{number}: expected NAME=VALUE, got {line!r}")
        if key.startswith("Board "):
            try:
                board = int(key[6:])
            except ValueError as exc:
                raise DealingFileError(f"{source}:{number}: {key!r}: expected Board NN") from exc
            boards[board] = (value, number)
        elif not key.startswith("Duplicates "):
            head[key] = (value, number)
    try:
        first, last = int(head["From board"][0]), int(head["To board"][0])
        duplicates = int(head.get("Duplicates", ("0", 0))[0])
        show = head["Status"][0] == "Show"
        checksum = int(head["Checksum"][0])
    except (KeyError, ValueError) as exc:
        raise DealingFileError(f"{source}: the [Document] head lacks or garbles {exc}: expected Status, From board, "
                               "To board and Checksum") from exc
    if checksum != duplicates ^ first ^ last ^ (1 if show else 0):
        raise DealingFileError(f"{source}:{head['Checksum'][1]}: Checksum={checksum} does not match the head "
                               f"(expected {duplicates ^ first ^ last ^ (1 if show else 0)})")
    out = []
    for board in range(first, last + 1):
        if board not in boards:
            raise DealingFileError(f"{source}: no line Board {board:02d}=: expected every board from {first} to {last}")
        value, number = boards[board]
        letters, digits = value[:26], value[26:]
        if len(letters) != 26 or not all("a" <= ch <= "p" for ch in letters) or not digits.isdigit():
            raise DealingFileError(f"{source}:{number}: Board {board:02d}={value!r}: expected 26 letters a-p and a checksum")
        if int(digits) != _dlm_checksum(board, letters):
            raise DealingFileError(f"{source}:{number}: board {board}: checksum {digits} does not match its letters "
                                   f"(expected {_dlm_checksum(board, letters):03d})")
        holders = []
        for ch in letters:
            value_ = ord(ch) - ord("a")
            holders += [value_ >> 2, value_ & 3]
        out.append((board, _deal_of_holders(holders, f"{source}:{number}: board {board}")))
    return DlmHead(first, last, show, duplicates, head.get("Headline", ("", 0))[0]), out
