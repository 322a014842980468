import subprocess
import sys


def test_help_lists_commands():
    out = subprocess.run([sys.executable, "-m", "rules_ext", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "COMMAND" in out.stdout
