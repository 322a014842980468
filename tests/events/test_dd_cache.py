"""Double-dummy results cached per deal: a second solve of the same deals solves nothing, in
memory and across runs (a folder); a corrupt or unreadable entry is solved again, never an error."""
import json
import os

import pytest

from rules_ext.core import board_conditions
from rules_ext.events import dd
from rules_ext.events.dd import cache as dd_cache
from rules_ext.events.dd.cache import FORMAT, DDCache
from rules_ext.events.sample import shuffled_deals

DEALS = shuffled_deals(11, 3)
CONDITIONS = [board_conditions(n) for n in range(1, 4)]


@pytest.fixture
def counted(monkeypatch):
    """The number of deals handed to the solver."""
    calls = []
    real = dd._solve_batch

    def counting(batch, with_par):
        calls.append(len(batch))
        return real(batch, with_par)

    monkeypatch.setattr(dd, "_solve_batch", counting)
    return calls


def test_the_default_folder_is_the_tests_own_never_the_users_cache():
    assert dd_cache.default_folder() == dd_cache.Path(os.environ["RULES_EXT_DD_CACHE"])
    assert ".cache" not in str(dd_cache.default_folder())


def test_the_default_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("RULES_EXT_DD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert dd_cache.default_folder() == tmp_path / "rules-ext" / "dd"


def test_a_second_solve_in_the_same_run_solves_nothing(counted):
    cache = DDCache()
    first = dd.solve(DEALS, CONDITIONS, cache=cache)
    assert sum(counted) == 3
    assert dd.solve(DEALS, CONDITIONS, cache=cache) == first
    assert sum(counted) == 3 and cache.hits == 3


def test_a_second_run_reads_the_folder_and_solves_nothing(counted, tmp_path):
    first = dd.solve(DEALS, CONDITIONS, cache=DDCache(tmp_path))
    entries = sorted(tmp_path.rglob("*.json"))
    assert len(entries) == 3 and all(p.parent.parent.name == f"v{FORMAT}" for p in entries)
    assert not list(tmp_path.rglob("*.tmp"))   # written atomically: no temporary left
    again = DDCache(tmp_path)   # a new run: nothing in memory
    assert dd.solve(DEALS, CONDITIONS, cache=again) == first
    assert sum(counted) == 3 and again.hits == 3


def test_the_par_depends_on_dealer_and_vulnerability_so_they_are_part_of_the_key(counted, tmp_path):
    cache = DDCache(tmp_path)
    dd.solve(DEALS[:1], CONDITIONS[:1], cache=cache)
    other = [board_conditions(2)]   # another dealer and vulnerability
    assert other != CONDITIONS[:1]
    dd.solve(DEALS[:1], other, cache=cache)
    assert sum(counted) == 2


def test_an_entry_without_par_serves_only_a_solve_without_par(counted):
    cache = DDCache()
    plain = dd.solve(DEALS[:1], CONDITIONS[:1], with_par=False, cache=cache)
    assert plain[0].par is None
    with_par = dd.solve(DEALS[:1], CONDITIONS[:1], cache=cache)
    assert with_par[0].par is not None and sum(counted) == 2
    assert dd.solve(DEALS[:1], CONDITIONS[:1], with_par=False, cache=cache)[0].tricks == plain[0].tricks
    assert sum(counted) == 2


@pytest.mark.parametrize("damage", ["garbage", "truncated", "wrong deal", "old format", "bad grid", "unreadable"])
def test_a_corrupt_or_unreadable_entry_is_solved_again(counted, tmp_path, damage):
    first = dd.solve(DEALS[:1], CONDITIONS[:1], cache=DDCache(tmp_path))
    (entry,) = tmp_path.rglob("*.json")
    data = json.loads(entry.read_text())
    text = {"garbage": "\x00not json", "truncated": entry.read_text()[:40],
            "wrong deal": json.dumps({**data, "deal": "N:" + data["deal"][2:][::-1]}),
            "old format": json.dumps({**data, "format": FORMAT - 1}),
            "bad grid": json.dumps({**data, "tricks": [[14] * 5] * 4}),
            "unreadable": None}[damage]
    if text is None:
        entry.unlink()
        entry.mkdir()   # a folder where the entry should be: reading it fails
    else:
        entry.write_text(text)
    assert dd.solve(DEALS[:1], CONDITIONS[:1], cache=DDCache(tmp_path)) == first
    assert sum(counted) == 2


def test_a_folder_that_cannot_be_written_costs_only_the_cache(counted, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = DDCache(blocker / "dd")   # under a regular file: nothing can be created
    first = dd.solve(DEALS[:1], CONDITIONS[:1], cache=cache)
    assert dd.solve(DEALS[:1], CONDITIONS[:1], cache=cache) == first   # memory still serves
    assert sum(counted) == 1


def test_no_cache_solves_every_time(counted):
    dd.solve(DEALS[:1], CONDITIONS[:1], cache=False)
    dd.solve(DEALS[:1], CONDITIONS[:1], cache=False)
    assert sum(counted) == 2


def test_the_handrecord_command_solves_once_for_two_layouts(counted, tmp_path, monkeypatch):
    from rules_ext.cli import main

    monkeypatch.setattr(dd_cache, "_current", DDCache())   # the process's cache, as a new run has it
    event = tmp_path / "event.pbn"
    boards = "\n".join(f'[Board "{n}"]\n[Deal "{DEALS[n - 1].to_pbn()}"]\n' for n in (1, 2, 3))
    event.write_text(f'[Event "Cache club"]\n{boards}', encoding="utf-8")
    folder = tmp_path / "cache"
    for per_page in ("4", "2"):
        dd_cache.current().memory.clear()   # as a new process would start
        assert main(["handrecord", str(event), "-o", str(tmp_path / f"h{per_page}.pdf"),
                     "--per-page", per_page, "--dd-cache", str(folder)]) == 0
    assert sum(counted) == 3
    assert len(list(folder.rglob("*.json"))) == 3
