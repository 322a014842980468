"""`python -m rules_ext verify`: the rulebook's tables (corpus) computed by the scoring core."""
from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the verify sub-command to the main parser."""
