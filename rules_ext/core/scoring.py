"""Law 77: the score of one board for the declaring side.

The tables below are the ones printed in Law 77 (trick score, premiums, undertrick penalties);
``score`` only combines them.

>>> score("4SX", 10, vulnerable=True)
790
>>> score("3NT", 8, vulnerable=False)
-50
>>> score("7NTXX", 13, vulnerable=True)
2980
"""
from __future__ import annotations

from rules_ext.core.board import Vulnerability
from rules_ext.core.cards import Seat, Strain
from rules_ext.core.contract import Contract, ContractError, Doubling

#: Law 77 trick score per odd trick bid and made, undoubled (× 2 doubled, × 4 redoubled)
TRICK_VALUE = {Strain.C: 20, Strain.D: 20, Strain.H: 30, Strain.S: 30, Strain.NT: 30}
#: notrump: the first odd trick is worth this much more than the others (40 instead of 30)
NOTRUMP_FIRST_TRICK_EXTRA = 10
#: a trick score of this much or more on one board is a game
GAME_THRESHOLD = 100

#: premiums, indexed by vulnerability (False = not vulnerable, True = vulnerable)
GAME_PREMIUM = {False: 300, True: 500}
PART_SCORE_PREMIUM = 50
SLAM_PREMIUM = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
#: premium for making a doubled or redoubled contract ("for the insult")
MAKING_DOUBLED_PREMIUM = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
#: each overtrick when doubled (twice this when redoubled); undoubled overtricks score trick value
DOUBLED_OVERTRICK = {False: 100, True: 200}

#: undertrick penalties: undoubled, per trick
UNDOUBLED_UNDERTRICK = {False: 50, True: 100}
#: doubled undertricks: the 1st, the 2nd and 3rd, the 4th and each later one (× 2 redoubled)
DOUBLED_UNDERTRICKS = {False: (100, 200, 200, 300), True: (200, 300, 300, 300)}


def trick_score(contract: Contract) -> int:
    """The trick score of the odd tricks bid (Law 77, below the line)."""
    assert contract.strain is not None
    base = TRICK_VALUE[contract.strain] * contract.level
    if contract.strain is Strain.NT:
        base += NOTRUMP_FIRST_TRICK_EXTRA
    return base * contract.doubling.value


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """Points to the defenders for ``down`` undertricks (Law 77 table of undertricks)."""
    if doubling is Doubling.UNDOUBLED:
        return down * UNDOUBLED_UNDERTRICK[vulnerable]
    steps = DOUBLED_UNDERTRICKS[vulnerable]
    doubled = sum(steps[min(i, len(steps) - 1)] for i in range(down))
    return doubled * (doubling.value // 2)


def made_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Points to declarer's side for a contract made with ``tricks`` tricks."""
    assert contract.strain is not None
    below = trick_score(contract)
    over = tricks - contract.tricks_needed
    if contract.doubling is Doubling.UNDOUBLED:
        overtricks = over * TRICK_VALUE[contract.strain]
    else:
        overtricks = over * DOUBLED_OVERTRICK[vulnerable] * (contract.doubling.value // 2)
    premium = GAME_PREMIUM[vulnerable] if below >= GAME_THRESHOLD else PART_SCORE_PREMIUM
    slam = SLAM_PREMIUM.get(contract.level, {}).get(vulnerable, 0)
    return below + overtricks + premium + slam + MAKING_DOUBLED_PREMIUM[contract.doubling]


def _score_from_tables(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Law 77 applied to valid input: the tables above, added up."""
    if contract.is_passed_out:
        return 0
    if tricks >= contract.tricks_needed:
        return made_score(contract, tricks, vulnerable)
    return -undertrick_penalty(contract.tricks_needed - tricks, contract.doubling, vulnerable)


#: every score worked out once from the tables: (level, strain, doubling) -> (not vul, vul) -> tricks
_SCORES: dict[tuple[int, Strain | None, Doubling], tuple[tuple[int, ...], tuple[int, ...]]] = {
    (c.level, c.strain, c.doubling): (tuple(_score_from_tables(c, tricks, False) for tricks in range(14)),
                                      tuple(_score_from_tables(c, tricks, True) for tricks in range(14)))
    for c in [Contract.passed_out()] + [Contract(level, strain, doubling) for level in range(1, 8)
                                         for strain in Strain for doubling in Doubling]
}


def score(contract: str | Contract, tricks: int, vulnerable: bool) -> int:
    """The score of a board for declarer's side: positive when made, negative when defeated.

    ``contract`` is a Contract or a string such as "4SX", "3NT", "7NTXX" or "Pass" (a passed-out
    board scores 0 whatever ``tricks`` says); ``tricks`` is the number of tricks declarer took, 0..13;
    ``vulnerable`` says whether declarer's side is vulnerable.
    Impossible input raises ContractError: "8NT", 14 tricks, "4SXXX" (there is no way to write a
    redouble without a double: "XX" means doubled and redoubled).
    """
    # fast path: already-valid input is looked up in the table worked out from Law 77 at import
    if (contract.__class__ is Contract and tricks.__class__ is int and vulnerable.__class__ is bool
            and 0 <= tricks <= 13):
        return _SCORES[contract.level, contract.strain, contract.doubling][vulnerable][tricks]
    parsed = Contract.parse(contract)
    tricks = _tricks(tricks)
    if not isinstance(vulnerable, bool):
        raise ContractError(f"vulnerable must be True or False, got {vulnerable!r}")
    return _SCORES[parsed.level, parsed.strain, parsed.doubling][vulnerable][tricks]


#: whether declarer's side is vulnerable, by the board's vulnerability and the declarer
_VULNERABLE = {(v, seat): v.is_vulnerable(seat) for v in Vulnerability for seat in Seat}
_NORTH_SOUTH = frozenset(seat for seat in Seat if seat.is_ns)


def ns_score(contract: str | Contract, declarer: Seat | None, tricks: int | None,
             vulnerability: Vulnerability) -> int:
    """North-South's score of a board: declarer's :func:`score`, negated when East-West declared.

    ``vulnerability`` is the board's (Law 2), so each side's own vulnerability is used. A passed-out
    board scores 0 (``declarer`` and ``tricks`` may then be None); any other contract needs both.

    >>> ns_score("4S", Seat.E, 10, Vulnerability.EW)
    -620
    >>> ns_score("Pass", None, None, Vulnerability.ALL)
    0
    """
    # fast path: valid input looked up in the tables (a results file scores the same few results again and again)
    if (contract.__class__ is Contract and declarer.__class__ is Seat and tricks.__class__ is int
            and vulnerability.__class__ is Vulnerability and 0 <= tricks <= 13):
        points = _SCORES[contract.level, contract.strain, contract.doubling][_VULNERABLE[vulnerability, declarer]][tricks]
        return points if declarer in _NORTH_SOUTH else -points
    parsed = Contract.parse(contract)
    if parsed.is_passed_out:
        return 0
    if not isinstance(declarer, Seat):
        raise ContractError(f"cannot score {parsed} with declarer {declarer!r}: expected a Seat, e.g. Seat.S")
    points = score(parsed, _tricks(tricks), vulnerability.is_vulnerable(declarer))
    return points if declarer.is_ns else -points


def _tricks(tricks: object) -> int:
    """``tricks`` if it is a number of tricks declarer can take (0..13), else a ContractError."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ContractError(f"cannot score {tricks!r} tricks: expected a whole number 0..13 (tricks taken by declarer)")
    return tricks
