"""The project's templates folder, as Sphinx projects have it: a template there replaces the
extension's default of that name, one by one (the others still come from the extension), and a
project's ``page.html`` comes before the extension's page layer."""
from __future__ import annotations

import shutil

import pytest

from rules_ext.rulebook_site import DEFAULT_TEMPLATES

MARK = "本项目自己的条文页模板"


def conf_py(rootdir, *lines: str) -> str:
    """conf.py naming the extension, with the small invented corpus of the test-small root."""
    return "\n".join([f"import sys\nsys.path.insert(0, {str(rootdir / 'test-small')!r})",
                      'extensions = ["rules_ext"]', 'rules_corpus_loader = "small_corpus:load"',
                      'language = "zh_CN"', 'html_theme = "furo"', *lines]) + "\n"


@pytest.fixture
def project(tmp_path, rootdir):
    folder = tmp_path / "project"
    (folder / "templates" / "site").mkdir(parents=True)
    (folder / "conf.py").write_text(conf_py(rootdir, 'templates_path = ["templates"]'), encoding="utf-8")
    return folder


def build(make_app, project, **kwargs):
    app = make_app("html", srcdir=project, **kwargs)
    app.build()
    # a second application in one process registers Sphinx's nodes again: not the project's
    warnings = [w for w in app.warning.getvalue().splitlines() if "is already registered" not in w]
    assert app.statuscode == 0 and warnings == [], warnings
    return app


def test_a_project_template_replaces_one_default_and_removing_it_restores_it(make_app, project):
    override = project / "templates" / "site" / "law.rst.jinja"
    default = (DEFAULT_TEMPLATES / "site" / "law.rst.jinja").read_text(encoding="utf-8")
    override.write_text(default + f"\n.. rst-class:: project-mark\n\n{MARK}\n", encoding="utf-8")

    app = build(make_app, project, freshenv=True)
    law = (app.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")
    assert MARK in law and "罚张的处理" in law  # the project's template, with the law in it
    index = (app.outdir / "1991" / "index.html").read_text(encoding="utf-8")
    assert MARK not in index and "罚张的处理" in index  # the other templates: the extension's

    override.unlink()  # the next build notices (the folder is part of the pages' stamp)
    app = build(make_app, project)
    assert MARK not in (app.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")
    assert "罚张的处理" in (app.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")


def test_rules_templates_dir_names_the_folder(make_app, project, rootdir):
    shutil.move(project / "templates", project / "our-templates")
    default = (DEFAULT_TEMPLATES / "site" / "errata.rst.jinja").read_text(encoding="utf-8")
    (project / "our-templates" / "site" / "errata.rst.jinja").write_text(f"{default}\n{MARK}\n",
                                                                       encoding="utf-8")
    (project / "conf.py").write_text(conf_py(rootdir, 'rules_templates_dir = "our-templates"'),
                                     encoding="utf-8")
    app = build(make_app, project, freshenv=True)
    assert MARK in (app.outdir / "1991" / "errata.html").read_text(encoding="utf-8")
    assert MARK not in (app.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")


def test_a_missing_templates_folder_is_a_configuration_error(make_app, project, rootdir):
    from sphinx.errors import ConfigError

    (project / "conf.py").write_text(conf_py(rootdir, 'rules_templates_dir = "nowhere"'),
                                     encoding="utf-8")
    with pytest.raises(ConfigError, match="rules_templates_dir = 'nowhere': no such folder"):
        make_app("html", srcdir=project, freshenv=True)


@pytest.mark.parametrize("base, translated", [("rules_ext/page.html", True), ("!page.html", False)])
def test_a_project_page_html_comes_before_the_extensions_layer(make_app, project, base, translated):
    (project / "templates" / "page.html").write_text(
        f'{{% extends "{base}" %}}\n{{% block footer %}}{{{{ super() }}}}<p>{MARK}</p>{{% endblock %}}\n',
        encoding="utf-8")
    app = build(make_app, project, freshenv=True)
    page = (app.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")
    assert MARK in page
    # the extension's layer (kept by extending it) translates the theme's English literals
    assert ('aria-label="Toggle site navigation sidebar"' not in page) is translated
