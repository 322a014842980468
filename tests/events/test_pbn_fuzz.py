"""Arbitrary and mutated input never crashes the reader: only PBNError, and what reads also round-trips."""
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_ext.events import PBNError, compute_results, read_pbn, write_pbn

FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = [
    (FIXTURES / "club-latin1-crlf.pbn").read_bytes().decode("latin-1"),
    (FIXTURES / "teams-gbk.pbn").read_bytes().decode("gbk"),
    (FIXTURES / "export-latin1.pbn").read_bytes().decode("latin-1"),
]
SPECIAL = '"[]{};%#\\\n\r\t -=?^AXx0123456789NSEW:.'
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(event) -> None:
    """A read event writes and scores without an exception; without problems it reads back equal.

    (A file with problems, such as a comment never closed, is not promised a lossless round trip.)
    A mutated Scoring tag (``[MP;MP1``) is refused by scoring with one line naming the tag, never
    scored as matchpoints by guess.
    """
    again = read_pbn(write_pbn(event))
    if not event.problems:
        assert again == event
    try:
        compute_results(event)
    except PBNError as exc:  # the one refusal scoring may add: a Scoring tag it cannot apply
        assert "unknown scoring method" in str(exc), exc
        assert "\n" not in str(exc)


def names_a_path(text: str) -> bool:
    """read_pbn reads a one-line ``str`` naming an existing file or folder as a path (documented)."""
    try:
        return "\n" not in text and "[" not in text and bool(text.strip()) and Path(text).exists()
    except (OSError, ValueError):
        return False


@FUZZ
@given(st.text(max_size=400))
def test_arbitrary_text(text):
    # "/" or "." name folders here: read as paths they get InputFileError ("not a regular file"),
    # which test_cli covers; this test is about text
    assume(not names_a_path(text))
    try:
        event = read_pbn(text)
    except PBNError:
        return
    check(event)


@FUZZ
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data):
    try:
        event = read_pbn(data)
    except PBNError:
        return
    check(event)


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "drop-line", "copy-line"]))
        lines = text.split("\n")
        if kind in ("drop-line", "copy-line") and lines:
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "drop-line":
                del lines[i]
            else:
                lines.insert(draw(st.integers(0, len(lines))), lines[i])
            text = "\n".join(lines)
            continue
        pos = draw(st.integers(0, max(0, len(text) - 1)))
        char = draw(st.sampled_from(SPECIAL) | st.characters())
        if kind == "insert":
            text = text[:pos] + char + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + 1:]
        else:
            text = text[:pos] + char + text[pos + 1:]
    return text


@FUZZ
@given(mutated())
def test_mutated_real_shaped_files(text):
    try:
        event = read_pbn(text, source="mutated.pbn")
    except PBNError:
        return
    for problem in event.problems:
        assert str(problem).startswith("mutated.pbn:")
        assert "\n" not in str(problem)
    check(event)
