"""The fixture generator still writes the committed fixtures, byte for byte."""
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fixtures")
    (root / "tests" / "events" / "fixtures").mkdir(parents=True)
    subprocess.run([sys.executable, str(FIXTURES / "make_fixtures.py")], cwd=root, check=True)
    return root / "tests" / "events" / "fixtures"


@pytest.mark.parametrize("name", ["club-latin1-crlf.pbn", "teams-gbk.pbn", "export-latin1.pbn"])
def test_make_fixtures_reproduces_the_committed_file(regenerated, name):
    assert (regenerated / name).read_bytes() == (FIXTURES / name).read_bytes()
