"""Where tests leave what a person may want to look at (browser screenshots, PNG renderings of the
PDFs): the folder ``RULES_EXT_TEST_ARTIFACTS`` names, else ``rules-ext-test-artifacts`` in the
system's temporary folder. Never the checkout: tests write nothing into it."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

ARTIFACTS = Path(os.environ.get("RULES_EXT_TEST_ARTIFACTS")
                 or Path(tempfile.gettempdir()) / "rules-ext-test-artifacts")


def artifacts_folder(name: str) -> Path:
    """``ARTIFACTS/name``, made if missing."""
    folder = ARTIFACTS / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
