"""The rulings assistant: decision trees from the facts at the table to the rectification.

Each kind of irregularity (insufficient bid, change of call, lead out of turn, revoke, ...) is one
tree, written as data in ``trees/<kind>.toml`` (format: ``trees/README.md``): questions about the
facts, each leading by its answers to a further question or to an outcome. Both the questions and
the outcomes cite the provisions that decide them, each with a reviewed keyword that occurs in that
provision's text (a test reads the corpus and checks it). The rules are written once per edition:
any value in a tree may be a table keyed by edition (``{ "1991" = ..., "1999" = ... }``) where the
texts differ, and a node or an answer may exist in some editions only (``editions = [...]``); a
plain value means both texts say the same thing.

:func:`tree` resolves a kind for one edition; :meth:`Tree.walk` follows the answers to an outcome and
returns a :class:`Ruling` (the provisions, the options, the obligations, the steps taken). A kind
whose laws an edition does not have (the delivered 1999 text stops at Law 40) raises
:class:`NotInEdition`; ``tree(kind, "1999", reference="1991")`` gives the 1991 tree marked as
another edition's rule.

The package's parts: :mod:`~rules_ext.core.rulings.model` (the questions, outcomes, trees and
rulings), :mod:`~rules_ext.core.rulings.loading` (the TOML files read and resolved for an edition),
:mod:`~rules_ext.core.rulings.obligations` (who must pass, Law 26's lead penalties: one table per
edition), :mod:`~rules_ext.core.rulings.penalty` (the penalty cards of the play period) and
:mod:`~rules_ext.core.rulings.case` (a case file: the facts of one irregularity); their public
names are importable from here.

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
