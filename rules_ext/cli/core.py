"""The scoring-core commands (see rules_ext.cli): score, imps, matchpoints, board, vp."""
from __future__ import annotations

import argparse

from rules_ext.core.board import board_conditions
from rules_ext.core.methods import imps, matchpoints, top, vp
from rules_ext.core.scoring import score


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
    p = subparsers.add_parser("score", help="Law 77 score of a contract for declarer's side",
                              description="Print the score for declarer's side, e.g. `score 4SX 10 --vul` prints 790.")
    p.add_argument("contract", help="e.g. 4S, 3NT, 4SX, 7NTXX, Pass")
    p.add_argument("tricks", type=int, help="tricks taken by declarer, 0..13")
    p.add_argument("--vul", action="store_true", help="declarer's side is vulnerable")
    p.set_defaults(handler=_score)

    p = subparsers.add_parser("imps", help="Law 78B: IMPs for a point difference",
                              description="Print the IMPs for a point difference (signed), e.g. `imps 430` prints 10.")
    p.add_argument("difference", type=int, help="point difference, e.g. 430 or -170")
    p.set_defaults(handler=_imps)

    p = subparsers.add_parser("matchpoints", help="Law 78A: matchpoints of the NS scores on one board",
                              description="Print one line per result: NS score, NS matchpoints, EW matchpoints.")
    p.add_argument("scores", type=int, nargs="+", help="NS scores, e.g. 420 420 450 -50")
    p.add_argument("--scale", default="2/1/0", choices=("2/1/0", "1/0.5/0", "1/½/0"),
                   help="2 / 1 / 0 per result beaten / tied (default), or 1 / ½ / 0")
    p.set_defaults(handler=_matchpoints)

    p = subparsers.add_parser("board", help="Law 2: dealer and vulnerability of board numbers",
                              description="Print the dealer and vulnerability of each board number.")
    p.add_argument("boards", type=int, nargs="+", help="board numbers, e.g. 1 2 17")
    p.set_defaults(handler=_board)

    p = subparsers.add_parser("vp", help="WBF 2013 continuous VP scale",
                              description="Print the victory points of both teams for an IMP margin.")
    p.add_argument("margin", type=int, help="IMP margin of the first team (negative if it lost)")
    p.add_argument("boards", type=int, help="boards in the match")
    p.set_defaults(handler=_vp)


def _score(args: argparse.Namespace) -> int:
    print(score(args.contract, args.tricks, args.vul))
    return 0


def _imps(args: argparse.Namespace) -> int:
    print(imps(args.difference))
    return 0


def _fmt(value: float) -> str:
    return f"{value:g}"


def _matchpoints(args: argparse.Namespace) -> int:
    ns = matchpoints(args.scores, args.scale)
    best = top(len(ns), args.scale)
    for value, points in zip(args.scores, ns):
        print(f"{value:>6} {_fmt(points):>6} {_fmt(best - points):>6}")
    return 0


def _board(args: argparse.Namespace) -> int:
    for number in args.boards:
        dealer, vul = board_conditions(number)
        print(f"{number} {dealer.name} {vul.value} 发牌{dealer.chinese} {vul.chinese}")
    return 0


def _vp(args: argparse.Namespace) -> int:
    first, second = vp(args.margin, args.boards)
    print(f"{first:.2f} {second:.2f}")
    return 0
