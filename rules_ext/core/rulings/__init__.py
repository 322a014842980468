"""The rulings assistant: decision trees from the facts at the table to the rectification.

Each kind of irregularity is a tree of data (``trees/<kind>.toml``, format in ``trees/README.md``):
questions on the facts lead by their answers to an outcome, each citing its provisions with a
reviewed keyword; a value is keyed by edition where the texts differ. :func:`tree` resolves a kind
for an edition (:class:`NotInEdition` where it lacks the laws); :meth:`Tree.walk` gives a
:class:`Ruling`. The parts: ``model``, ``loading``, ``obligations`` (who must pass, Law 26's lead
penalties: a table per edition), ``penalty`` (the play period's penalty cards) and ``case`` (the
facts of one irregularity).

>>> facts = {"in_turn": "yes", "accepted": "no", "conventional": "natural", "lowest_conventional": "no",
...          "correction": "lowest_same_strain", "damaging": "yes"}
>>> r = tree("insufficient_bid", "1999").walk(facts)
>>> r.laws
('27B', '27B1a', '27B1b')
>>> pending = tree("insufficient_bid", "1999").walk({**facts, "damaging": "待定"})
>>> [b.label for b in pending.branches], pending.adjusted_score
(['未损害', '足以损害'], 'may')
>>> r.adjusted_score, tree("insufficient_bid", "1991").walk(facts).adjusted_score
('must', 'may')
"""
from __future__ import annotations

from rules_ext.core.rulings.loading import all_trees, available, kinds, tree
from rules_ext.core.rulings.model import (
    ADJUSTED,
    ADJUSTED_WORDS,
    DEPENDS_WORDS,
    EDITIONS,
    MUST_PASS,
    MUST_PASS_WORDS,
    PENALTY_CARD_WORDS,
    PENALTY_CARDS,
    PENDING,
    PENDING_LABEL,
    PENDING_VALUES,
    RECORD_FIELDS,
    RECORD_RESULT_FIELDS,
    Answer,
    Branch,
    Cite,
    NotInEdition,
    Option,
    Outcome,
    Question,
    Restriction,
    Ruling,
    RulingError,
    Step,
    Tree,
)

__all__ = ["ADJUSTED", "ADJUSTED_WORDS", "DEPENDS_WORDS", "EDITIONS", "MUST_PASS", "MUST_PASS_WORDS", "PENALTY_CARDS",
           "PENALTY_CARD_WORDS", "PENDING", "PENDING_LABEL", "PENDING_VALUES", "RECORD_FIELDS", "RECORD_RESULT_FIELDS",
           "Answer", "Branch", "Cite", "NotInEdition", "Option", "Outcome", "Question", "Restriction",
           "Ruling", "RulingError", "Step", "Tree", "all_trees", "available", "kinds", "tree"]
