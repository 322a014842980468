"""The extension's settings (conf.py's ``rules_*`` values), checked once at ``config-inited``,
and where its files are: the static files, the templates (the project's folder first, then the
extension's defaults, as Sphinx and autosummary look them up)."""
from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.errors import ConfigError

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import EDITION_ID
from rules_ext.fileio import package_path
from rules_ext.rulebook_site import downloads

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

PACKAGE_DIR = Path(__file__).parent
STATIC_DIR = PACKAGE_DIR / "static"
DEFAULT_TEMPLATES = package_path("rules_ext.rulebook_site", "templates")

#: conf.py's settings: name -> (default, types). ``rules_corpus_loader``: ``'module:function'`` or
#: a callable returning a Corpus, None for hand-written law pages only; ``rules_default_edition``:
#: the edition of an unqualified ``:law:`45C4b```; ``rules_traditional_profile``: OpenCC's
#: character profile of the 繁體 site; ``rules_findings_loader``: ``'module:function'`` giving the
#: verification findings shown on law pages; ``rules_templates_dir``: the project's templates folder
#: (relative to conf.py; default: ``templates_path``), template by template before the extension's.
SETTINGS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "rules_corpus_loader": ("rules_ext.corpus:load_corpus", (Any,)),  # Any: a string or a callable
    "rules_default_edition": (EDITIONS.default, (str,)),
    "rules_traditional_profile": ("s2tw", (str,)),
    "rules_findings_loader": (None, (Any,)),
    "rules_templates_dir": (None, (str, type(None))),
}


def load_callable(value: Any, setting: str) -> Callable | None:
    if value is None or callable(value):
        return value
    if not isinstance(value, str) or ":" not in value:
        raise ConfigError(f"{setting} = {value!r}: expected 'module:function', a callable "
                          "or None, e.g. 'rules_ext.corpus:load_corpus'")
    module, _, name = value.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{setting} = {value!r}: cannot import it ({exc})") from exc


def template_folders(app: Sphinx) -> list[Path]:
    """Where the page templates are looked up, first match wins: the project's folder
    (``rules_templates_dir``, else each folder of ``templates_path``, relative to conf.py), then
    the extension's defaults."""
    config = app.config
    own = [config.rules_templates_dir] if config.rules_templates_dir else list(config.templates_path)
    folders = [Path(app.confdir, folder) for folder in own]
    return [f for f in folders if f.resolve() != DEFAULT_TEMPLATES.resolve()] + [DEFAULT_TEMPLATES]


def validate_config(app: Sphinx, config: Config) -> None:
    """config-inited: check every ``rules_*`` value once, and add the extension's static files."""
    from rules_ext.rulebook_site.script import PROFILES

    if config.rules_traditional_profile not in PROFILES:
        raise ConfigError(f"rules_traditional_profile = {config.rules_traditional_profile!r}: "
                          f"expected one of {', '.join(PROFILES)}")
    edition = config.rules_default_edition
    if not isinstance(edition, str) or not re.fullmatch(EDITION_ID, edition):
        raise ConfigError(f"rules_default_edition = {edition!r}: expected e.g. '1991'")
    for setting in ("rules_corpus_loader", "rules_findings_loader"):
        load_callable(config[setting], setting)
    if config.rules_templates_dir and not Path(app.confdir, config.rules_templates_dir).is_dir():
        raise ConfigError(f"rules_templates_dir = {config.rules_templates_dir!r}: no such folder "
                          f"(relative to {app.confdir}); its templates are looked up as "
                          "site/<name>.rst.jinja, the extension's own where it has none")
    config.html_static_path = [*config.html_static_path, str(STATIC_DIR)]
    search_language = config.html_search_language or config.language or ""
    if config.rules_corpus_loader is not None and search_language.startswith("zh"):
        # the Chinese search keeps the rulebook's words whole (a dictionary in conf.py wins)
        config.html_search_options = {"dict": str(search_dictionary(app)),
                                      **config.html_search_options}


def search_dictionary(app: Sphinx) -> Path:
    """The jieba user dictionary the generator writes for the search language (a build
    product, next to the environment)."""
    return Path(app.doctreedir, "rules-search-dict.txt")


def corpus_download(app: Sphinx) -> Path:
    """The corpus as JSON (``python -m rules_ext corpus``), written for the site's download link
    (``:download:`</_generated/rules-corpus.json>```)."""
    return Path(app.srcdir, downloads.FOLDER, downloads.WHOLE)


def setup(app: Sphinx) -> ExtensionMetadata:
    for name, (default, types) in SETTINGS.items():
        app.add_config_value(name, default, "env", types=types)
    app.connect("config-inited", validate_config)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
