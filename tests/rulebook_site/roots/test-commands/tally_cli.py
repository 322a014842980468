"""An invented command line for the command-reference test: what the real one uses of argparse
(sub-commands with help, an alias, a group of its own, a hidden option, a default in the help, a
global option repeated on each command, a command with sub-commands of its own)."""
import argparse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tally", description="Count the boards of a session.")
    parser.add_argument("--verbose", action="store_true", help="say what is being done")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    count = commands.add_parser("count", aliases=["c"], help="count the boards of a file",
                                description="Count the boards of FILE, by board or by pair.")
    count.add_argument("file", metavar="FILE", help="the session file")
    count.add_argument("--by", choices=["board", "pair"], default="board", help="what to count by (default %(default)s)")
    count.add_argument("-o", "--output", metavar="OUT", help="write to OUT")
    count.add_argument("--secret", help=argparse.SUPPRESS)
    paper = count.add_argument_group("PDF output (-o FILE.pdf)")
    paper.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size")

    club = commands.add_parser("club", help="the club's lists, e.g. `tally club members`")
    lists = club.add_subparsers(dest="what", required=True)
    members = lists.add_parser("members", help="list the members")
    members.add_argument("--active", action="store_true", help="only those who played this year")

    for sub in (count, club, members):  # accepted after the command too, shown once
        sub.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS, help="say what is being done")
    return parser


def not_a_parser():
    return "tally"
