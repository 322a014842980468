"""The rules and scoring core: pure Python, no Sphinx, docutils or reportlab.

Everything a director computes at the table or in the scoring room, with the Chinese rules
(中国桥牌竞赛规则) as the specification: cards and deals, boards (Law 2), scores (Law 77), methods
of scoring (Law 78), and more in the submodules.

>>> from rules_ext.core import score, imps, board_conditions
>>> score("4SX", 10, vulnerable=True), imps(430)
(790, 10)
"""
from rules_ext.core.adjusted import (
    Responsibility,
    WeightedScore,
    artificial_imps,
    artificial_matchpoints,
    knockout_adjusted_imps,
    law88_matchpoints,
    law88_percentage,
    weighted_imps,
    weighted_matchpoints,
)
from rules_ext.core.auction import Auction, AuctionError, Call, CallKind, lowest_sufficient_bid
from rules_ext.core.board import Vulnerability, board_conditions, dealer, vulnerability
from rules_ext.core.cards import SUITS, Card, Deal, DealError, Hand, Seat, Strain, full_pack
from rules_ext.core.contract import Contract, ContractError, Doubling
from rules_ext.core.methods import (
    IMP_SCALE,
    ScoringMethodError,
    blitz_margin,
    butler,
    cross_imps,
    imps,
    matchpoints,
    neuberg,
    percentages,
    team_match,
    top,
    total_points,
    vp,
)
from rules_ext.core.play import PlayError, PlayRecord, Trick, legal_cards, trick_winner
from rules_ext.core.scoring import ns_score, score, trick_score, undertrick_penalty

__all__ = [
    "IMP_SCALE",
    "SUITS",
    "Auction",
    "AuctionError",
    "Call",
    "CallKind",
    "Card",
    "Contract",
    "ContractError",
    "Deal",
    "DealError",
    "Doubling",
    "Hand",
    "PlayError",
    "PlayRecord",
    "Responsibility",
    "ScoringMethodError",
    "Seat",
    "Strain",
    "Trick",
    "Vulnerability",
    "WeightedScore",
    "artificial_imps",
    "artificial_matchpoints",
    "blitz_margin",
    "board_conditions",
    "butler",
    "cross_imps",
    "dealer",
    "full_pack",
    "imps",
    "knockout_adjusted_imps",
    "law88_matchpoints",
    "law88_percentage",
    "legal_cards",
    "lowest_sufficient_bid",
    "matchpoints",
    "neuberg",
    "ns_score",
    "percentages",
    "score",
    "team_match",
    "top",
    "total_points",
    "trick_score",
    "trick_winner",
    "undertrick_penalty",
    "vp",
    "vulnerability",
    "weighted_imps",
    "weighted_matchpoints",
]
