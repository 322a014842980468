"""A project folder holding only conf.py builds a site: the extension generates the home page, and
never touches a home page the project wrote itself."""
from __future__ import annotations

import pytest

from rules_ext.rulebook_site.home import HOME_MARK, wants_home

OWN_HOME = "我们的规则站\n============\n\n.. toctree::\n\n   1991/index\n"


def conf_py(rootdir) -> str:
    """conf.py naming the extension, with the small invented corpus of the test-small root."""
    return (f"import sys\nsys.path.insert(0, {str(rootdir / 'test-small')!r})\n"
            'extensions = ["rules_ext"]\nrules_corpus_loader = "small_corpus:load"\n')


@pytest.fixture
def project(tmp_path, rootdir):
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "conf.py").write_text(conf_py(rootdir), encoding="utf-8")
    return folder


def test_a_folder_with_only_conf_py_builds_a_site(make_app, project):
    app = make_app("html", srcdir=project, freshenv=True)
    app.build()
    assert app.statuscode == 0
    assert app.warning.getvalue() == ""
    home_rst = (project / "index.rst").read_text(encoding="utf-8")
    assert home_rst.splitlines()[0] == HOME_MARK
    home = (app.outdir / "index.html").read_text(encoding="utf-8")
    for edition in ("1991", "1999", "1999-trad"):
        assert f'href="{edition}/index.html"' in home, edition
        assert (app.outdir / edition / "index.html").is_file()
    for page in ("law-index.html", "worked/index.html"):
        assert f'href="{page}"' in home, page
    assert (app.outdir / "1991" / "law-50.html").is_file()


def test_the_projects_own_home_page_is_never_touched(make_app, project):
    (project / "index.rst").write_text(OWN_HOME, encoding="utf-8")
    app = make_app("html", srcdir=project, freshenv=True)
    app.build()
    assert (project / "index.rst").read_text(encoding="utf-8") == OWN_HOME
    assert "我们的规则站" in (app.outdir / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("existing, wanted", [
    (None, True),  # no home page: generate one
    (f"{HOME_MARK}\n\nTitle\n=====\n", True),  # generated before: rewrite it
    ("Title\n=====\n", False),  # the project's own
    (f"Title\n=====\n\n{HOME_MARK}\n", False),  # the mark counts only as the first line
])
def test_wants_home(tmp_path, existing, wanted):
    if existing is not None:
        (tmp_path / "index.rst").write_text(existing, encoding="utf-8")
    assert wants_home(tmp_path, "index", [".rst"]) is wanted


def test_a_home_page_in_another_format_is_the_projects_own(tmp_path):
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    assert wants_home(tmp_path, "index", [".rst", ".md"]) is False
