"""Command-line commands of the core layer (see rules_ext.cli)."""
from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
