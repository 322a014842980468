"""Shared pytest configuration. sphinx.testing's fixtures (app, make_app, rootdir) are used by the
site tests; pytest only accepts ``pytest_plugins`` in the top-level conftest.

Hypothesis profiles: ``ci`` (chosen when the environment has ``CI`` set, as the CI runner does) is
derandomized and keeps no example database, so a run on a clean clone draws the same examples every
time and never fails at random; ``dev`` (the default elsewhere) draws new examples each run, to find
bugs. ``HYPOTHESIS_PROFILE=ci make test`` reproduces CI's draw locally. Neither profile has a
deadline: a time limit per example fails a correct test whenever the machine is busy (a loaded run
failed test_random_legal_auctions_end_with_a_contract that way); speed is measured in benchmarks/.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

pytest_plugins = ["sphinx.testing.fixtures"]

# the double-dummy cache of every test (and of the CLI processes tests start) is a fresh folder,
# never the user's cache (rules_ext.events.dd.cache)
os.environ["RULES_EXT_DD_CACHE"] = tempfile.mkdtemp(prefix="rules-ext-dd-")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def sample_pdfs(tmp_path_factory) -> Path:
    """The sample PDFs, as ``python -m rules_ext samples -o DIR`` writes them, once per test run
    (the tests that use them are in the xdist group ``site``): a real process, the ``samples``
    command's smoke test (tests/test_cli.py has one for every other command)."""
    folder = tmp_path_factory.mktemp("samples")
    done = subprocess.run([sys.executable, "-m", "rules_ext", "samples", "-o", str(folder)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


#: fixtures whose tests run on one xdist worker, so that what they make is made once per run
SHARED_FIXTURES = {"real_site": "site", "sample_pdfs": "site"}


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items) -> None:
    """Group the tests of each shared fixture (``--dist loadgroup``): one worker builds the site and
    renders the samples while the other runs the rest."""
    for item in items:
        groups = {SHARED_FIXTURES[name] for name in getattr(item, "fixturenames", ())
                  if name in SHARED_FIXTURES}
        for group in sorted(groups):
            item.add_marker(pytest.mark.xdist_group(group))
