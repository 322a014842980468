"""The commands before the first board: ``movement``, ``deal``, ``dealfile``, ``check-movement`` and
``session new`` (in process, through tests/cli_runner.py)."""
from __future__ import annotations

import re

from cli_runner import run_cli

from rules_ext.core.movements import mitchell, movement_text, read_movement
from rules_ext.events.dealing import read_deal_file
from rules_ext.events.sample import SAMPLES_DIR

SEED_LINE = re.compile(r"([0-9a-f]{8}(?: [0-9a-f]{8}){4})")


def test_movement_proposes_and_says_why(tmp_path):
    done = run_cli("movement", "--pairs", "18", "--boards", "27", "-o", tmp_path / "m.toml", text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "18对，约27副：可用的移动方式（最合适的在前）"
    assert lines[1] == "1. 米切尔 9桌9轮" and "正好27副" in lines[2]
    assert read_movement(tmp_path / "m.toml").name_en == "Mitchell, 9 tables, 9 rounds"
    english = run_cli("movement", "--pairs", "14", "--boards", "26", "--lang", "en", "--all", text=True)
    assert "Complete Howell, 7 tables, 13 rounds" in english.stdout


def test_movement_refuses_a_choice_out_of_the_list():
    done = run_cli("movement", "--pairs", "18", "--boards", "27", "--choose", "99", text=True)
    assert done.returncode == 1 and done.stderr.startswith("error: --choose 99: expected 1 to ")


def test_deal_prints_the_seed_once_and_writes_it_nowhere(tmp_path):
    out = tmp_path / "set.pbn"
    done = run_cli("deal", "--boards", "1-4", "-o", out, "--no-dd", "--machine", "dlm,dup", text=True)
    assert done.returncode == 0, done.stderr
    seeds = SEED_LINE.findall(done.stderr)
    assert len(seeds) == 1 and done.stdout == ""
    seed = seeds[0]
    for path in (out, out.with_suffix(".dlm"), out.with_suffix(".dup")):
        data = path.read_bytes()
        assert seed.replace(" ", "").encode() not in data.lower() and seed.encode() not in data
    again = tmp_path / "again.pbn"
    done = run_cli("deal", "--boards", "1-4", "-o", again, "--no-dd", "--seed", seed, text=True)
    assert done.returncode == 0 and SEED_LINE.search(done.stderr) is None  # a seed given is not printed again
    assert again.read_bytes() == out.read_bytes()
    assert read_deal_file(out.with_suffix(".dlm")) == read_deal_file(out) == read_deal_file(out.with_suffix(".dup"))


def test_deal_with_double_dummy_writes_the_grid_and_par(tmp_path):
    out = tmp_path / "set.pbn"
    done = run_cli("deal", "--boards", "1-2", "-o", out, "--seed", "ab" * 20, text=True)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert text.count("[DoubleDummyTricks ") == 2 and text.count("[OptimumScore ") == 2


def test_deal_refuses_a_bad_machine_before_writing(tmp_path):
    out = tmp_path / "set.pbn"
    done = run_cli("deal", "--boards", "1-4", "-o", out, "--machine", "xyz", text=True)
    assert done.returncode == 1 and "--machine 'xyz'" in done.stderr and not out.exists()


def test_dealfile_converts_and_reads_back(tmp_path):
    source = tmp_path / "set.pbn"
    run_cli("deal", "--boards", "1-6", "-o", source, "--no-dd", "--seed", "cd" * 20, check=True)
    for suffix in (".bri", ".dge", ".dlm", ".dup"):
        target = tmp_path / f"x{suffix}"
        assert run_cli("dealfile", source, "-o", target).returncode == 0
        assert read_deal_file(target) == read_deal_file(source)
    listed = run_cli("dealfile", tmp_path / "x.dlm", text=True)
    assert len(listed.stdout.splitlines()) == 6 and listed.stdout.splitlines()[0].startswith("  1  N:")


def test_check_movement_agrees_and_disagrees(tmp_path):
    good = tmp_path / "m.toml"
    good.write_text(movement_text(mitchell(10, boards_per_round=2, rounds=9)))
    sample = SAMPLES_DIR / "sample-pairs.pbn"
    done = run_cli("check-movement", sample, "--movement", good, "-o", tmp_path / "r.pdf", text=True)
    assert done.returncode == 0, done.stderr
    assert "一致" in done.stdout and (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")
    bad = tmp_path / "bad.toml"
    bad.write_text(movement_text(mitchell(10, boards_per_round=2, rounds=9, relay=True)))
    done = run_cli("check-movement", sample, "--movement", bad, "--lang", "en", text=True)
    assert done.returncode == 1
    assert all(re.match(r".*sample-pairs\.pbn(:\d+)?: board \d+", line) for line in done.stderr.splitlines())


def test_session_new_writes_every_file(tmp_path):
    out = tmp_path / "session"
    done = run_cli("session", "new", "--pairs", "10", "--boards", "12", "-o", out, "--no-dd", "--event", "周四双人赛",
                   text=True)
    assert done.returncode == 0, done.stderr
    names = {p.name for p in out.iterdir()}
    assert {"movement.toml", "deals.pbn", "deals.dlm", "deals.dup", "guide-cards.pdf", "score-cards.pdf",
            "travellers.pdf", "pickup-slips.pdf", "curtain-cards.pdf", "board-labels.pdf", "handrecord.pdf",
            "movement.html", "events.css", "README.txt"} == names
    movement = read_movement(out / "movement.toml")
    deals = read_deal_file(out / "deals.pbn")
    assert [n for n, _ in deals] == list(movement.boards) and read_deal_file(out / "deals.dlm") == deals
    assert all((out / n).read_bytes().startswith(b"%PDF") for n in names if n.endswith(".pdf"))
    (seed,) = SEED_LINE.findall(done.stderr)
    assert all(seed.encode() not in (out / n).read_bytes() and seed.replace(" ", "").encode() not in (out / n).read_bytes()
               for n in names)
    assert movement.name in (out / "movement.html").read_text()


def test_session_new_refuses_a_folder_in_the_way(tmp_path):
    out = tmp_path / "session"
    (out / "guide-cards.pdf").mkdir(parents=True)
    done = run_cli("session", "new", "--pairs", "10", "--boards", "12", "-o", out, "--no-dd", text=True)
    assert done.returncode == 1 and "guide-cards.pdf" in done.stderr
    assert {p.name for p in out.iterdir()} == {"guide-cards.pdf"}
