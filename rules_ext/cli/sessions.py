"""Before the first board: the movement, the deals, the dealing machines' files and every paper on
the tables (see rules_ext.cli).

``movement --pairs 18 --boards 27 [--all] [--choose N -o movement.toml] [--html DIR]``: the
movements that fit, best first, each with its balance and why (``--choose N`` writes the N-th);
``deal --boards 1-36 -o set.pbn [--machine dlm,dup] [--seed HEX] [--sealed] [--no-dd]``: deals
from the operating system's randomness, the seed printed once (on standard error) and never
written; ``dealfile FILE [-o OUT]``: a deal file read (PBN or a dealing machine's) and written in
another format; ``check-movement EVENT --movement movement.toml [-o results.pdf]``: the results
checked against the movement, one line each (exit status 1 when they disagree); ``session new
--pairs 18 --boards 27 -o DIR``: the movement, the deals, the dealing machine's file and every paper
in one folder, all or nothing. Papers are Chinese unless ``--lang en`` (or ``both``).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from rules_ext.cli.common import add_input_options, check_output_path, progress_bar
from rules_ext.errors import RulesError
from rules_ext.fileio import access_error, check_output, check_output_folder, install, is_stdout, write_bytes_atomic

#: the files ``session new`` writes, what each is (Chinese, English)
SESSION_FILES: dict[str, tuple[str, str]] = {
    "movement.toml": ("移动方式（可再读入）", "the movement (reads back)"),
    "deals.pbn": ("牌（PBN，含双明手分析）", "the deals (PBN, with double dummy and par)"),
    "deals.dlm": ("发牌机文件（Duplimate/Dealer4 .dlm）", "the dealing machine's file (Duplimate/Dealer4 .dlm)"),
    "deals.dup": ("发牌机文件（Duplimate .dup）", "the dealing machine's file (Duplimate .dup)"),
    "guide-cards.pdf": ("桌卡", "table guide cards"),
    "score-cards.pdf": ("计分卡（每对一张）", "score cards (one a pair)"),
    "travellers.pdf": ("计分单（已印对号）", "travellers (pairs printed)"),
    "pickup-slips.pdf": ("桌面记分条", "pickup slips"),
    "curtain-cards.pdf": ("牌套卡", "curtain cards"),
    "board-labels.pdf": ("牌套标签", "board labels"),
    "handrecord.pdf": ("牌例记录（赛后发放）", "hand records (for after play)"),
    "movement.html": ("移动方式网页（手机可看）", "the movement's page (for phones)"),
    "events.css": ("网页样式", "the page's stylesheet"),
    "README.txt": ("本说明", "this list"),
}


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=("zh", "en", "both"), default="zh",
                        help="the language of the papers and messages (default zh: Chinese)")


def _paper_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")


def _movement_choice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pairs", type=int, required=True, metavar="N", help="the number of pairs")
    parser.add_argument("--boards", type=int, required=True, metavar="B", help="about how many boards to play")
    parser.add_argument("--choose", type=int, default=1, metavar="K",
                        help="the K-th movement of the list (default 1: the best that fits)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("movement", help="the movements that fit a field, with their balance and why",
                              description="The Mitchells, Howells and ¾ Howells that fit N pairs and about B "
                                          "boards, best first, each checked, with its balance figures.")
    _movement_choice(p)
    p.add_argument("--all", action="store_true", help="list every movement that fits (default: the best five)")
    p.add_argument("-o", "--output", type=Path, help="write the chosen movement (--choose) to this TOML file")
    p.add_argument("--html", type=Path, metavar="DIR", help="write the chosen movement's page into this folder")
    _lang_option(p)
    p.set_defaults(handler=run_movement)

    p = subparsers.add_parser("deal", help="deal boards from the operating system's randomness (PBN, dealing machines)",
                              description="Each deal drawn uniformly from all 5.36e28 deals from a secret seed "
                                          "(printed once on standard error, never written in any file).")
    p.add_argument("--boards", default="1-36", help="the boards, e.g. 1-36 or 1-3,7 (default 1-36)")
    p.add_argument("-o", "--output", type=Path, required=True, help="the PBN file to write (- for standard output)")
    p.add_argument("--machine", default="", metavar="FORMATS",
                   help="also write the dealing machine's files beside it: dlm, dup, bri, dge (comma separated)")
    p.add_argument("--seed", help="make the set of this seed again (40 hexadecimal digits)")
    p.add_argument("--sealed", action="store_true", help="the machine's files do not show the cards on its screen")
    p.add_argument("--no-dd", action="store_true", help="leave out the double-dummy tricks and par")
    p.add_argument("--event", default="", help="the event's name, written in the PBN file")
    p.add_argument("--date", default="", help="the date, e.g. 2026.11.26")
    _lang_option(p)
    p.set_defaults(handler=run_deal)

    p = subparsers.add_parser("dealfile", help="read a deal file (PBN, .dlm, .dup, .bri, .dge) and write another",
                              description="A set of deals read (and checked) from PBN or a dealing machine's file; "
                                          "written in the format of the output's suffix, or listed.")
    p.add_argument("file", type=Path, help="the deal file")
    p.add_argument("-o", "--output", type=Path, help="the file to write: .pbn, .dlm, .dup, .bri or .dge")
    p.add_argument("--first-board", type=int, default=1, help="the board of the first record of a .bri/.dge file")
    p.set_defaults(handler=run_dealfile)

    p = subparsers.add_parser("check-movement", help="check an event file's results against its movement",
                              description="Every result where the movement puts it (pairs, board), every board "
                                          "played with its result: one line each; exit status 1 when they disagree.")
    p.add_argument("event", type=Path, help="the results file (PBN or USEBIO)")
    p.add_argument("--movement", type=Path, required=True, help="the movement file (TOML)")
    p.add_argument("-o", "--output", type=Path, help="also write the results sheet (PDF), the movement named on it")
    _lang_option(p)
    _paper_option(p)
    add_input_options(p)
    p.set_defaults(handler=run_check_movement)

    p = subparsers.add_parser("swiss", help="the next round of a Swiss from a teams event's ranking",
                              description="The teams drawn down the ranking so far, each against the highest-ranked "
                                          "team it has not met (a rematch only when no draw avoids one); an odd "
                                          "number of teams: the lowest-ranked without a bye gets it.")
    p.add_argument("event", type=Path, help="the teams event so far (PBN or USEBIO)")
    _lang_option(p)
    add_input_options(p)
    p.set_defaults(handler=run_swiss)

    p = subparsers.add_parser("session", help="a session folder: movement, deals, dealing machine file, every paper")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = actions.add_parser("new", help="write a new session's folder",
                             description="The movement that fits, the deals (seed printed once), the dealing "
                                         "machine's files and every paper on the tables, in one folder.")
    _movement_choice(new)
    new.add_argument("-o", "--output", type=Path, required=True, help="the folder (new, or existing: files replaced)")
    new.add_argument("--seed", help="the deals of this seed (40 hexadecimal digits); default: a new secret seed")
    new.add_argument("--event", default="", help="the event's name on the papers")
    new.add_argument("--date", default="", help="the date, e.g. 2026.11.26")
    new.add_argument("--no-dd", action="store_true", help="no double-dummy analysis in deals.pbn and the hand record")
    _lang_option(new)
    _paper_option(new)
    new.set_defaults(handler=run_session_new)


# -- movement ----------------------------------------------------------------------------------------

def _pick(pairs: int, boards: int, choose: int):
    from rules_ext.core.movements import propose

    found = propose(pairs, boards)
    if not found:
        raise RulesError(f"no movement fits {pairs} pairs and about {boards} boards: expected another number of "
                         "boards (e.g. 24, 26 or 27)")
    if not 1 <= choose <= len(found):
        raise RulesError(f"--choose {choose}: expected 1 to {len(found)} (the movements that fit)")
    return found, found[choose - 1]


def proposals_text(found, pairs: int, boards: int, lang: str, limit: int | None) -> str:
    en = lang == "en"
    lines = [f"{pairs} pairs, about {boards} boards: the movements that fit, best first" if en
             else f"{pairs}对，约{boards}副：可用的移动方式（最合适的在前）"]
    for i, p in enumerate(found[:limit] if limit else found, start=1):
        name = p.movement.name_en if en else p.movement.name
        lines.append(f"{i}. {name}")
        for zh, english in p.reasons:
            lines.append(f"   - {english if en else zh}")
    if limit and len(found) > limit:
        lines.append(f"({len(found) - limit} more: --all)" if en else f"（另有{len(found) - limit}种：--all）")
    return "\n".join(lines) + "\n"


def run_movement(args: argparse.Namespace) -> int:
    from rules_ext.core.movements import movement_text

    if args.output is not None:
        check_output_path(args.output)
    if args.html is not None:
        check_output_folder(args.html, ("movement.html", "events.css"))
    found, chosen = _pick(args.pairs, args.boards, args.choose)
    sys.stdout.write(proposals_text(found, args.pairs, args.boards, args.lang, None if args.all else 5))
    if args.output is not None:
        write_bytes_atomic(args.output, movement_text(chosen.movement).encode("utf-8"), stdout="text")
    if args.html is not None:
        from rules_ext.event_site.movement_pages import movement_pages

        _write_folder(args.html, {k: v.encode("utf-8") for k, v in movement_pages(chosen.movement, lang=args.lang).items()})
    return 0


# -- deal ----------------------------------------------------------------------------------------------

def _machine_formats(text: str) -> list[str]:
    from rules_ext.events.dealing import MACHINE_SUFFIXES

    out = []
    for word in (w.strip().lower().lstrip(".") for w in text.split(",") if w.strip()):
        if f".{word}" not in MACHINE_SUFFIXES:
            raise RulesError(f"--machine {word!r}: expected dlm, dup, bri or dge (comma separated)")
        out.append(f".{word}")
    return out


def _seed(text: str | None, lang: str) -> tuple[bytes, bool]:
    from rules_ext.core.dealing import new_seed, parse_seed

    return (parse_seed(text), False) if text else (new_seed(), True)


def _announce_seed(seed: bytes, lang: str) -> None:
    from rules_ext.core.dealing import seed_text

    if lang == "en":
        print(f"seed (write it down and keep it: it makes this set again, and is in no file): {seed_text(seed)}",
              file=sys.stderr)
    else:
        print(f"种子（请抄下并妥善保管：凭它可再生成这套牌；任何文件里都没有它）：{seed_text(seed)}", file=sys.stderr)


def _solve(boards, progress=iter):
    from rules_ext.events.dd import solve

    return solve([b.deal for b in boards], [(b.dealer, b.vulnerability) for b in boards], progress=progress)


def run_deal(args: argparse.Namespace) -> int:
    from rules_ext.core.dealing import deal_set, parse_boards
    from rules_ext.events.dealing import deal_set_pbn, machine_file

    numbers = parse_boards(args.boards)
    machines = _machine_formats(args.machine)
    check_output_path(args.output, stdout="text")
    if machines and is_stdout(args.output):
        raise RulesError("--machine writes files beside the PBN file: expected -o set.pbn, not -o -")
    targets = [args.output.with_suffix(s) for s in machines]
    for target in targets:
        check_output(target)
    seed, fresh = _seed(args.seed, args.lang)
    boards = deal_set(seed, numbers)
    pairs = [(b.number, b.deal) for b in boards]
    files = {target: machine_file(target.suffix, pairs, show=not args.sealed) for target in targets}  # checked first
    dd = None if args.no_dd else _solve(boards, progress_bar("double dummy"))
    text = deal_set_pbn(pairs, event=args.event, date=args.date, dd=dd)
    for target, data in files.items():
        write_bytes_atomic(target, data)
    write_bytes_atomic(args.output, text.encode("utf-8"), stdout="text")
    if fresh:
        _announce_seed(seed, args.lang)
    return 0


def run_dealfile(args: argparse.Namespace) -> int:
    from rules_ext.events.dealing import deal_set_pbn, machine_file, read_deal_file

    check_output_path(args.output, args.file, stdout="binary")
    pairs = read_deal_file(args.file, first_board=args.first_board)
    if args.output is None:
        for number, deal in pairs:
            print(f"{number:3d}  {deal.to_pbn()}")
        return 0
    suffix = args.output.suffix.lower()
    data = (deal_set_pbn(pairs).encode("utf-8") if suffix == ".pbn" or is_stdout(args.output)
            else machine_file(suffix, pairs))
    write_bytes_atomic(args.output, data)
    return 0


# -- check-movement --------------------------------------------------------------------------------------

def run_check_movement(args: argparse.Namespace) -> int:
    from rules_ext.core.movements import read_movement
    from rules_ext.events.files import read_event
    from rules_ext.events.movement_check import check_against_movement

    check_output_path(args.output, args.event, args.movement, stdout="binary")
    movement = read_movement(args.movement)
    event = read_event(args.event, max_size=args.max_size)
    findings = check_against_movement(event, movement)
    for f in findings:
        print(f.text(args.lang), file=sys.stderr)
    if not findings:
        print(f"{event.source}: the results agree with {movement.name_en}" if args.lang == "en"
              else f"{event.source}：成绩与移动方式（{movement.name}）一致")
    if args.output is not None:
        from rules_ext.events.scoring.results import compute_results
        from rules_ext.pdf.results import write_results_pdf

        note = (f"Movement: {movement.name_en}" if args.lang == "en" else f"移动方式：{movement.name}")
        write_results_pdf(event, compute_results(event), args.output, paper=args.paper, lang=args.lang, notes=[note])
    return 1 if findings else 0


# -- swiss -------------------------------------------------------------------------------------------------

def run_swiss(args: argparse.Namespace) -> int:
    from rules_ext.core.movements import swiss_draw
    from rules_ext.events.files import read_event
    from rules_ext.events.model import EventKind
    from rules_ext.events.scoring.results import compute_results

    event = read_event(args.event, max_size=args.max_size)
    if event.kind is not EventKind.TEAMS:
        raise RulesError(f"{event.source}: not a teams event: expected the results of a teams event's rounds so far")
    results = compute_results(event)
    ranking = [e.id for r in results.rankings for e in r.entries]
    met = [frozenset((m.home, m.visit)) for m in results.matches]
    byes = [m.home for m in results.matches if not m.visit] + [m.visit for m in results.matches if not m.home]
    draw = swiss_draw(ranking, met=met, had_bye=byes)
    en = args.lang == "en"
    rounds = {m.round for m in results.matches}
    print(f"{event.source}: the draw of round {len(rounds) + 1}" if en else f"{event.source}：第{len(rounds) + 1}轮的配对")
    for table, (home, visit) in enumerate(draw, start=1):
        if visit is None:
            print(f"  bye: {home}" if en else f"  轮空：{home}")
            continue
        again = frozenset((home, visit)) in set(met)
        note = (" (they have met: no draw avoids it)" if en else "（已相遇过：无法避免）") if again else ""
        print(f"  {table}. {home} v {visit}{note}" if en else f"  第{table}场：{home} 对 {visit}{note}")
    return 0


# -- session new ----------------------------------------------------------------------------------------

def _write_folder(out: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` into ``out`` all or nothing: made in a staging folder inside it, each target
    checked, then moved in."""
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise access_error("write", out, exc) from exc
    with tempfile.TemporaryDirectory(prefix=".session.", dir=out) as staging_name:
        staging = Path(staging_name)
        for name, data in files.items():
            (staging / name).write_bytes(data)
        for name in files:
            check_output(out / name)
        for name in files:
            install(staging / name, out / name)


def session_papers(movement, boards, dd, staging: Path, *, event: str, date: str, paper: str, lang: str) -> None:
    """Every paper of a session into ``staging`` (the names of :data:`SESSION_FILES`)."""
    from rules_ext.pdf.curtain import write_curtain_cards
    from rules_ext.pdf.handrecord import BoardSheet, write_hand_record_sheets
    from rules_ext.pdf.layout import PageHeader, PrintOptions
    from rules_ext.pdf.movement_cards import (
        write_board_labels,
        write_guide_cards,
        write_movement_slips,
        write_movement_travellers,
        write_score_cards,
    )

    common = {"event": event, "date": date, "paper": paper, "lang": lang}
    write_guide_cards(movement, staging / "guide-cards.pdf", **common)
    write_score_cards(movement, staging / "score-cards.pdf", **common)
    write_movement_travellers(movement, staging / "travellers.pdf", **common)
    write_movement_slips(movement, staging / "pickup-slips.pdf", **common)
    write_curtain_cards([(b.number, b.deal) for b in boards], staging / "curtain-cards.pdf", **common)
    write_board_labels([b.number for b in boards], staging / "board-labels.pdf", **common)
    options = PrintOptions.of(paper, lang)
    sheets = [BoardSheet(b.number, b.deal, b.dealer, b.vulnerability, d) for b, d in zip(boards, dd or [None] * len(boards))]
    write_hand_record_sheets(sheets, staging / "handrecord.pdf", PageHeader(options.label("hand_records"), event, date),
                             options)


def run_session_new(args: argparse.Namespace) -> int:
    from rules_ext.core.dealing import deal_set
    from rules_ext.core.movements import movement_text
    from rules_ext.event_site.movement_pages import movement_pages
    from rules_ext.events.dealing import deal_set_pbn, machine_file

    check_output_folder(args.output, SESSION_FILES)
    seed, fresh = _seed(args.seed, args.lang)
    _, chosen = _pick(args.pairs, args.boards, args.choose)
    movement = chosen.movement
    boards = deal_set(seed, movement.boards)
    pairs = [(b.number, b.deal) for b in boards]
    dd = None if args.no_dd else _solve(boards, progress_bar("double dummy"))
    files: dict[str, bytes] = {
        "movement.toml": movement_text(movement).encode("utf-8"),
        "deals.pbn": deal_set_pbn(pairs, event=args.event, date=args.date, dd=dd).encode("utf-8"),
    }
    if max(movement.boards) <= 99:
        files["deals.dlm"] = machine_file(".dlm", pairs)
        files["deals.dup"] = machine_file(".dup", pairs)
    with tempfile.TemporaryDirectory(prefix="rules-ext-session-") as papers_name:
        papers = Path(papers_name)
        session_papers(movement, boards, dd, papers, event=args.event, date=args.date, paper=args.paper,
                       lang=args.lang)
        for pdf in sorted(papers.glob("*.pdf")):
            files[pdf.name] = pdf.read_bytes()
    for name, text in movement_pages(movement, event=args.event, date=args.date, lang=args.lang).items():
        files[name] = text.encode("utf-8")
    en = args.lang == "en"
    readme = [f"{movement.name_en if en else movement.name}", ""]
    readme += [f"{name}\t{words[1] if en else words[0]}" for name, words in SESSION_FILES.items() if name in files
               or name == "README.txt"]
    readme += ["", "After play (the results file beside this folder's files):" if en else "赛后（成绩文件放在这个文件夹里）：",
               "  python -m rules_ext check-movement RESULTS.pbn --movement movement.toml",
               "  python -m rules_ext results RESULTS.pbn -o results.pdf",
               "  python -m rules_ext publish RESULTS.pbn -o site/"]
    files["README.txt"] = ("\n".join(readme) + "\n").encode("utf-8")
    _write_folder(args.output, files)
    print("\n".join(sorted(str(args.output / name) for name in files)))
    if fresh:
        _announce_seed(seed, args.lang)
    return 0
