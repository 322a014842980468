"""The penalty-card model (rules_ext.core.rulings.penalty) against the text's own conditions.

The expectations are the conditions of the 1991 text, written here again: 48A (declarer's and
dummy's cards never become penalty cards), 68's note (a card shown in a claim of the current trick
is none), 50A (an adjusted score instead where the offender knew the exposure would damage), 24 (an
auction exposure only once the offender defends; 1991: only if declarer so treats it; 1999: always),
50C (two or more penalty cards of one defender are all major; a card exposed through a considered
play, a lead out of turn or a corrected revoke, is major; a card of 10 or more is major; a card of 9
or less exposed inadvertently is minor), 50D (a minor penalty card restricts its holder's lower
cards of the suit; the information it gives partner is unauthorised, 16A) and 50E (a major penalty
card is played at the first legal opportunity, the duty to follow suit first, 44C; declarer may
require or forbid its suit at partner's lead, or leave it). A property test over generated facts
of the play, and every tree's outcome that makes the irregular card a penalty card against it.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core.cards import Card, full_pack
from rules_ext.core.rulings import all_trees
from rules_ext.core.rulings.penalty import ACTS, penalty_cards

#: the acts the text itself ranks as considered plays (50C's examples; 56, 62B1, 62C2, 57A, 60B, 52B2)
CONSIDERED = {"lead_withdrawn", "revoke_withdrawn", "follow_withdrawn", "premature", "wrong_hand_follow",
              "illegal_while_held"}
EXAMPLES = {"tried": 0}


def expected_kinds(role, act, cards, deliberate, held, knew_damage, claim, edition, defends, treats):
    if act == "auction":
        if defends is False or (edition == "1991" and not treats):
            return []
    elif role != "defender":
        return []
    if claim or knew_damage:
        return []
    out = []
    for card in cards:
        if len(cards) + held >= 2 or act in CONSIDERED or deliberate or card.rank >= 10:
            out.append("major")
        else:
            out.append("minor")
    return out


@settings(max_examples=400)
@given(role=st.sampled_from(["declarer", "dummy", "defender"]), act=st.sampled_from(sorted(ACTS)),
       cards=st.lists(st.sampled_from(full_pack()), min_size=1, max_size=3, unique=True),
       deliberate=st.booleans(), held=st.integers(0, 2), knew_damage=st.booleans(), claim=st.booleans(),
       edition=st.sampled_from(["1991", "1999"]), defends=st.sampled_from([True, False, None]),
       treats=st.booleans())
def model_follows_the_texts_conditions(role, act, cards, deliberate, held, knew_damage, claim, edition,
                                       defends, treats):
    if edition == "1999" and act != "auction":
        edition = "1991"   # the 1999 text has Law 24 only: the play's penalty cards are the 1991 text's
    EXAMPLES["tried"] += 1
    got = penalty_cards(role=role, act=act, cards=cards, deliberate=deliberate, held=held, knew_damage=knew_damage,
                        claim_of_current_trick=claim, offender_defends=defends, declarer_treats=treats,
                        edition=edition)
    want = expected_kinds(role, act, cards, deliberate, held, knew_damage, claim, edition, defends, treats)
    assert [p.kind for p in got] == want
    assert [p.card for p in got] == [c.symbol for c in cards][:len(got)]
    for p in got:
        if edition == "1999":   # ranked for reference only: no provision the 1999 text lacks is cited
            assert p.laws == ("24intro",) and not p.duty_laws and not p.options
            continue
        assert "50C" in p.laws
        if p.kind == "minor":
            assert {"50D", "16A"} <= set(p.duty_laws) and not p.options
        else:
            assert {"50E1", "44C"} <= set(p.duty_laws)
            assert {o.key for o in p.options} == {"require", "forbid", "none"}
            assert ("51A" in p.duty_laws) == (len(cards) + held >= 2)


def test_the_model_follows_the_texts_conditions():
    """The property over generated facts of the play (400 examples drawn; none may fail)."""
    EXAMPLES["tried"] = 0
    model_follows_the_texts_conditions()
    assert EXAMPLES["tried"] >= 400, EXAMPLES


def representative(path: dict, outcome_kind: str) -> list[tuple[list[Card], bool, int]]:
    """Cards and facts a case on this way through the tree could have: the path's answers fix what
    they ask (honour, several, inadvertent, a premature lead, another penalty card), the rest varies."""
    ranks = {"yes": ["SK"], "no": ["S4"]}.get(str(path.get("honour")), ["SK", "S4"])
    if path.get("several") == "two":
        hands = [[Card.parse("SK"), Card.parse("D7")], [Card.parse("S4"), Card.parse("D7")]]
    else:
        hands = [[Card.parse(r)] for r in ranks]
    deliberate = path.get("inadvertent") == "no" or path.get("premature_lead") == "yes"
    held = 1 if path.get("other_penalty_card") == "yes" else 0
    return [(h, deliberate, held) for h in hands]


def penalty_paths():
    for t in all_trees():
        for path, outcome in t.paths():
            pc = outcome.penalty_card
            if pc is not None and pc.act and pc.of_card:
                yield pytest.param(t, path, outcome, id=f"{t.kind}-{t.edition}-{outcome.id}")


@pytest.mark.parametrize(("t", "path", "outcome"), list(penalty_paths()))
def test_every_trees_penalty_card_is_the_models(t, path, outcome):
    """On every way through a tree to an outcome that makes the irregular card a penalty card, the
    model gives the kind the tree states (for every card the way leaves possible), and the tree
    cites every provision the model rests on, so that the site's ruling and a case's are alike."""
    pc = outcome.penalty_card
    role = "defender"   # the offender who defends (Law 24: once he becomes a defender)
    for cards, deliberate, held in representative(path, pc.kind):
        got = penalty_cards(role=role, act=pc.act, cards=cards, deliberate=deliberate, held=held,
                            offender_defends=True, declarer_treats=True, edition=t.edition)
        assert got and all(p.kind == pc.kind for p in got), ([str(c) for c in cards], [p.kind for p in got])
        for p in got:
            assert set(p.laws) | set(p.duty_laws) <= set(outcome.applied), (p.laws, p.duty_laws, outcome.applied)


def test_declarers_and_dummys_cards_are_never_penalty_cards():
    for act, role in itertools.product(sorted(set(ACTS) - {"auction"}), ("declarer", "dummy")):
        assert penalty_cards(role=role, act=act, cards=("SA",)) == ()
