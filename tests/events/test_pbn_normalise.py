"""normalise_games: the usual game (its tags kept by the import format's rules) takes a short cut,
and values, tables and tag lists are looked at once per file; the result is the general path's."""
import re
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_ext.core import Seat
from rules_ext.events.pbn import normalise
from rules_ext.events.pbn.context import ReadContext
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.normalise import MANDATORY_TAGS, normalise_games
from rules_ext.events.sample import shuffled_deals

DEALS = shuffled_deals(7, 3)
COLUMNS = "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"
VALUES = {
    "Date": ["2025.12.20", "2025-12-20", "2025/01/02", "?", "", "#", "##2025-01-02"],
    "Result": ["9", "=", "+1", "-2", "+13", "?", "", "x", "##=", "#"],
    "Vulnerable": ["None", "Both", "NS", "ew", "All", "Love", "?", "", "bad", "##Both"],
    "Contract": ["3NT", "3n", "4sx", "Pass", "pass", "-", "?", "", "7NTXX", "8S", "4SN", "##3n", "#"],
    "Declarer": ["N", "e", "S", "w", "?", "", "X", "##s"],
    "Dealer": ["N", "e", " S ", "W", "?", "", "X", "##E", "#"],
    "Deal": [*(deal.to_pbn(seat) for deal in DEALS for seat in Seat),
             *(deal.to_pbn(Seat.N).lower() for deal in DEALS),
             *(deal.to_pbn(Seat.E)[:2] + deal.to_pbn(Seat.E)[2:][::-1] for deal in DEALS),  # ranks rising
             "N:- - - -", "S:AKQJT98765432... - - -", "N:AKQ. - - -", "", "?", "bad", "#", "##" + DEALS[0].to_pbn()],
    "ScoreTable": [COLUMNS, COLUMNS.replace("Contract\\5L", "Contract"), "PairId;Score", ";;", "#"],
    "TotalScoreTable": ["Rank;PairId;TotalScore", "#"],
    "Note": ["1:alert", "##2:kept"],
}
OTHER_VALUES = ["Bench", "", "?", "#", "##Club", "x"]
ROWS = ["1 1 2 3n N 9", "1 1 2 3NT N 9", '1 1 2 "4s" N 10', '1 1 2 "4S" N 10', "1 1 2 A+ - -", "1 1 2 bye - -",
        "1 1 2 - - -", "1 2", '1 "unclosed', "1 1 2 9Z N 9", "% escape", "1 1 2 4SN - 10", "2 3 4 pass - -",
        "2 3 4 Pass - -", "{comment} 2 3 4 2h S 8", "2 3 4 2H S 8 ; note"]
EXPORT_ROWS = ["1 1 2 3NT N 9", '1 1 2 "4S" N 10', "1 1 2 A+ - -", "2 3 4 Pass - -"]
CALLS = ["1S Pass 2H", "Pass Pass", "=1= AP"]
NAMES = [*MANDATORY_TAGS, "ScoreTable", "TotalScoreTable", "Auction", "Play", "Note", "Room", "Generator"]


@st.composite
def games(draw: st.DrawFn) -> list[Game]:
    """Games that share a tag list (as a file's do), then vary it: tags repeated, dropped, added
    (Notes after an Auction or Play among them) or moved, values in other spellings or carried (##)."""
    base = draw(st.sampled_from([list(MANDATORY_TAGS) + ["ScoreTable"], list(MANDATORY_TAGS), MANDATORY_TAGS[:9]]))
    base = draw(st.permutations(base)) if draw(st.booleans()) else base
    out: list[Game] = []
    line = 1
    for _ in range(draw(st.integers(1, 8))):
        names = list(base)
        if draw(st.booleans()):
            names = draw(st.lists(st.sampled_from(NAMES), max_size=5)) + names
            names = draw(st.permutations(names)) if draw(st.booleans()) else names
            if draw(st.booleans()):
                dropped = draw(st.sampled_from(NAMES))
                names = [n for n in names if n != dropped]
        spelt = draw(st.booleans())  # values and rows already in export spelling (the first ones)
        tags = []
        for name in names:
            value = draw(st.sampled_from(VALUES.get(name, OTHER_VALUES)[:1 if spelt else None]))
            section: tuple[str, ...] = ()
            if normalise.is_table_tag(name):
                section = tuple(draw(st.lists(st.sampled_from(EXPORT_ROWS if spelt else ROWS), max_size=6)))
            elif name in ("Auction", "Play"):
                section = tuple(draw(st.lists(st.sampled_from(CALLS), max_size=2)))
            tags.append(Tag(name, value, section, line, tuple(range(line + 1, line + 1 + len(section)))))
            line += 1 + len(section)
        preamble = draw(st.sampled_from([(), ("{ a comment }",)]))
        out.append(Game(tuple(tags), preamble, line))
        line += 1
    return out


def observed(games: list[Game]) -> list[object]:
    """All that can be seen of games: their tags' fields (lines too) in order, preamble and line."""
    return [([(t.name, t.value, t.section, t.line, t.section_lines) for t in g.tags], g.preamble, g.line)
            for g in games]


def general_path_only():
    """Every game takes the general path (as if the import format's rules never kept its tags)."""
    plan = normalise._plan
    return mock.patch.object(normalise, "_plan", lambda names: plan(names)._replace(complete=False))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_short_cut_and_caches_give_the_general_paths_games(raw):
    fast = normalise_games(raw, ReadContext("x"))
    again = normalise_games(raw, ctx := ReadContext("x"))
    warm = normalise_games(raw, ctx)  # every value, row and tag list met before
    with general_path_only():
        general = normalise_games(raw, ReadContext("x"))
    assert fast == general
    assert observed(fast) == observed(general) == observed(again) == observed(warm)


def test_a_usual_game_already_in_export_form_is_kept_as_it_is():
    deal = DEALS[0].to_pbn(Seat.E)
    values = {"Dealer": "E", "Deal": deal, "Date": "2025.12.20", "Contract": "3NT", "Result": "9",
              "Vulnerable": "NS", "Declarer": "S"}
    tags = tuple(Tag(name, values.get(name, "x"), (), i + 1) for i, name in enumerate(MANDATORY_TAGS))
    table = Tag("ScoreTable", COLUMNS, ("1 1 2 3NT N 9", '2 3 4 "4S" E 10'), 20, (21, 22))
    game = Game((*tags, table), ("{ c }",), 1)
    assert normalise_games([game], ReadContext("x"))[0] is game
    lower = Game((*tags, Tag("ScoreTable", COLUMNS, ("1 1 2 3n N 9", '2 3 4 "4s" E 10'), 20, (21, 22))))
    [spelt] = normalise_games([game, lower], ReadContext("x"))[1:]
    assert spelt.tag("ScoreTable") == table and spelt.tag("ScoreTable").section_lines == (21, 22)


def test_the_usual_games_carried_values_reach_a_later_game():
    first = Game(tuple(Tag(n, "##S" if n == "Declarer" else "x", (), 0) for n in MANDATORY_TAGS))
    later = Game(tuple(Tag(n, "x", (), 0) for n in MANDATORY_TAGS if n != "Declarer"))
    assert normalise_games([first, later], ReadContext("x"))[1].get("Declarer") == "S"


def descending_reference(value: str, dealer: str) -> bool:
    """A Deal in export form, said another way: from the dealer, each hand '-' or four suits, each
    suit the rank letters it holds taken in the order AKQJT98765432."""
    if not value.startswith(dealer + ":"):
        return False
    for hand in value[2:].split(" "):
        suits = hand.split(".")
        if hand != "-" and (len(suits) != 4 or any(s != "".join(r for r in "AKQJT98765432" if r in s)
                                                   for s in suits)):
            return False
    return True


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(VALUES["Deal"]) | st.from_regex(re.compile(r"[NE]:[AKQ2a.\- ]{0,14}"), fullmatch=True),
       st.sampled_from(["N", "E", "S", "W"]))
def test_export_deal_says_what_the_reference_says(value, dealer):
    assert normalise._export_deal(value, dealer) == descending_reference(value, dealer)
