"""The examples in the core's docstrings are doctests too."""
import doctest
import importlib

import pytest

MODULES = ["cards", "board", "contract", "scoring", "methods", "auction", "play", "adjusted", "rulings.case",
           "rulings.facts", "rulings.penalty", "rulings.obligations", "rulings.loading", "rulings.prose",
           "dealing", "vp_scales", "movements"]


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings(name):
    module = importlib.import_module(f"rules_ext.core.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_core_imports_no_presentation_layer():
    import subprocess
    import sys
    code = ("import sys, rules_ext.core; "
            "bad = [m for m in ('sphinx', 'docutils', 'reportlab', 'rules_ext.corpus', 'rules_ext.rulebook_site') if m in sys.modules]; "
            "print(bad)")
    # a fresh interpreter: the test process has imported the presentation layers long before
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
