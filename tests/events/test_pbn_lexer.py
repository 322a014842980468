"""The PBN import-format syntax: tags, strings, comments, escape lines, sections, games."""
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.events.pbn.lexer import Tag, escape_string, read_string, scan
from rules_ext.events.pbn.tables import Column, parse_columns, parse_table, tokenize_row


def test_several_tags_on_a_line_are_all_kept():
    _, games, problems, _, _ = scan('[Event "A"][Site "B"]  [Date "2025.01.01"] [Board "1"]\n')
    assert problems == []
    assert [(t.name, t.value) for t in games[0].tags] == [
        ("Event", "A"), ("Site", "B"), ("Date", "2025.01.01"), ("Board", "1")]


def test_escaped_quote_and_backslash_in_a_value():
    _, games, _, _, _ = scan(r'[North "Li \"Tiger\" Wei"][Note "a \\ b"]' + "\n")
    assert games[0].get("North") == 'Li "Tiger" Wei'
    assert games[0].get("Note") == "a \\ b"


def test_escape_string_round_trips_and_keeps_column_widths():
    for value in ['Score_NS\\6R', 'say "hi"', "ends with \\", "a\\\\b", "\\S\\H", ""]:
        text = escape_string(value)
        assert read_string(text, 0) == (value, len(text))
    assert escape_string("Score_NS\\6R") == '"Score_NS\\6R"'


def test_escape_lines_comments_and_games():
    text = (
        "% PBN 2.1\n% EXPORT\n% <META  name=ScoringType content=\"MatchPoints;MP1\">\n"
        "; a comment line before the first game\n"
        "[Event \"E\"] ; end-of-line comment\n"
        "{ a comment\n\nwith an empty line } [Board \"1\"]\n"
        "\n"
        "% a note between games\n"
        "[Event \"#\"]\n[Board \"2\"]\n"
    )
    header, games, problems, trailer, _ = scan(text + "\n% the end\n{ a last comment }\n", "x.pbn")
    assert problems == []
    assert header == ["% PBN 2.1", "% EXPORT", '% <META  name=ScoringType content="MatchPoints;MP1">']
    assert len(games) == 2
    first, second = games
    assert first.preamble == ("; a comment line before the first game",)
    assert first.tag("Event").section == ("; end-of-line comment", "{ a comment", "", "with an empty line }")
    assert first.get("Board") == "1"
    assert second.preamble == ("% a note between games",)
    assert second.get("Board") == "2"
    assert second.tag("Board").line == 12
    assert trailer == ["% the end", "{ a last comment }"]


def test_brackets_inside_comments_and_strings_are_not_tags():
    _, games, problems, _, _ = scan('[Event "a [b] c"] { [Site "no"] } ; [Date "no"]\n')
    assert problems == []
    assert [t.name for t in games[0].tags] == ["Event"]
    assert games[0].get("Event") == "a [b] c"


def test_auction_section_with_notes_and_a_table():
    text = (
        '[Auction "N"]\n1S Pass =1= 2S\tPass\nPass Pass\n[Note "1:Lebensohl"]\n'
        '[ScoreTable "PairId_NS\\2R;Names_NS;Score_NS"]\n 1 "Li Wei - Wang Fang" "420"\n 2 "Zoé" -\n'
    )
    _, games, problems, _, _ = scan(text)
    assert problems == []
    auction = games[0].tag("Auction")
    assert auction.section == ("1S Pass =1= 2S Pass", "Pass Pass")  # the tab became a space
    assert auction.section_lines == (2, 3)
    table_tag = games[0].tag("ScoreTable")
    table, row_problems = parse_table(table_tag.name, table_tag.value, table_tag.section, table_tag.section_lines)
    assert row_problems == []
    assert table.columns == (Column("PairId_NS", "", 2, "R"), Column("Names_NS"), Column("Score_NS"))
    assert table.rows == (("1", "Li Wei - Wang Fang", "420"), ("2", "Zoé", "-"))
    assert table.lines == (6, 7)


def test_column_modifiers():
    assert parse_columns("+Rank\\2R;-TotalScoreMP\\6L;Names") == (
        Column("Rank", "+", 2, "R"), Column("TotalScoreMP", "-", 6, "L"), Column("Names"))
    assert str(Column("Rank", "+", 2, "R")) == "+Rank\\2R"


def test_row_cells_keep_quoted_names_whole():
    cells = tokenize_row(' 3 "Anna  Berg - Olof Lindqvist" A+ "?" - ; trailing comment')
    assert [c.value for c in cells] == ["3", "Anna  Berg - Olof Lindqvist", "A+", "?", "-"]
    assert [c.quoted for c in cells] == [False, True, False, True, False]


def test_syntax_problems_name_the_line_and_reading_goes_on():
    text = '[Event "ok"]\n[Site "no end]\n[Board "2"\n[Date ok]\n[Dealer "N"]\n{ never closed\n'
    _, games, problems, _, _ = scan(text, "bad.pbn")
    messages = [str(p) for p in problems]
    assert any(m.startswith("bad.pbn:2: unclosed quote") for m in messages)
    assert any(m.startswith("bad.pbn:3: unclosed bracket") for m in messages)
    assert any(m.startswith("bad.pbn:4: cannot read tag") for m in messages)
    assert any(m.startswith("bad.pbn:6: unclosed comment") for m in messages)
    assert [t.name for t in games[0].tags] == ["Event", "Dealer"]


def test_tag_rejects_bad_names_and_multi_line_values():
    import pytest
    with pytest.raises(ValueError, match="not a PBN tag name"):
        Tag("Bad Name", "x")
    with pytest.raises(ValueError, match="spans lines"):
        Tag("Event", "a\nb")


_CELL_TEXT = st.sampled_from(["1", "12", "-", "?", "4S", "3NT", "A+", "420", '"Li Wei - Wang Fang"', '""'])
_ROW = st.one_of(st.lists(_CELL_TEXT, min_size=3, max_size=3).map(" ".join),  # a good row
                 st.lists(_CELL_TEXT, min_size=1, max_size=5).map(" ".join),  # perhaps too few or many cells
                 st.sampled_from(['1 "open', "; a comment", "{ a comment }", "% an escape line", "1 2 3 ; note"]))


@settings(max_examples=300)
@given(st.lists(_ROW, max_size=8))
def test_a_table_read_at_once_is_the_table_read_row_by_row(section):
    """parse_table reads a table whose rows are all fine in one step: what it gives is what the row
    by row reading gives (a '%' line at the end makes it read row by row, with that one problem more)."""
    value = "PairId_NS;Contract;Score_NS"
    numbers = tuple(range(10, 10 + len(section)))
    table, problems = parse_table("ScoreTable", value, tuple(section), numbers)
    by_row, by_row_problems = parse_table("ScoreTable", value, (*section, "% end"), (*numbers, 99))
    assert (table.rows, table.lines) == (by_row.rows, by_row.lines)
    assert problems == by_row_problems[:-1] and by_row_problems[-1][0] == 99
