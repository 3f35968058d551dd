"""What each language of a game needs beyond its texts, checked in one pass: a player aid, an aid
card and a rules file per language (when the game has aid/, aid-card/ and rules/ folders), a
label for every icon a player sees (the aid's legend and the site name each one), and a
translation of every interface string the products print ('Player aid', 'Rules reference', the
layouts' `_('…')`).

`pnp validate`, `pnp check` and `pnp build` all ask this module, so adding `fr` to a game's
`languages:` is reported in one round, not one missing piece per build (issue 29).
"""
from __future__ import annotations

from pathlib import Path

from datafile.errors import DataError, Problem

from .aids import TRANSLATION_CALL, game_msgids, used_icons
from ..checks.contents import SHEET_MSGIDS
from ..checks.crosscheck import ICON_REF
from ..reading.i18n import PLURAL, SOURCE_LANGUAGE, english_only, load_catalogue
from ..reading.locate import catalogue_paths, locate, read_input
from ..card_layout.project import GameData, Project, missing_language_file
from ..reading.site_code import site_folder
from .rules import COUNT_LABELS, unit_of

# the site pages every game has (score.html comes with a calculator only) and the labels the code
# prints (site tabs, downloads, rules.pdf, the aids' titles): what any build of any game translates
SITE_TEMPLATES = ("base.html", "header.html", "game.html", "legend.html")
CODE_LABELS = ("Rules", "Icons", "Rules reference", "Card index", "Player aid", "Icon legend",
               "Rules (PDF)", "Card sheets", "Card sheets to fold (no duplex printer)", "Card sheets, ink saver",
               "Duplex calibration page", "Player aid cards", "{description} ({facts})",
               # the rules' print-and-assemble box, the aid cards' sheet labels, the score pad
               "Print and assemble", "Print the cards on card stock of {low}–{high} g/m², the rest on plain paper.",
               "Cards of {card} mm: sleeves of {sleeve} mm fit them.", "Tiles and tokens need no sleeves.",
               "Piece", "Count", "Size", "Paper", "{size} mm", "⌀ {size} mm", "card stock, both sides", "card stock, one side",
               "sheet {n} of {total}", "fronts", "backs",
               "one side only", "Print on both sides, flipping on the long edge, then cut on the marks.",
               "Print on one side, then cut on the marks.", "print-and-play edition", "Winner",
               "This sheet is not full: one aid card per player, for up to {players} players.",
               "This sheet is not full: {cards} aid cards per player, for up to {players} players.")
SHOWN_MISSING = 3     # msgids named in the one line for a language missing many
MANY_MISSING = 8      # more missing than this: one line for the language, `pnp i18n status` lists them


def language_problems(project: Project, game: GameData, langs: list[str] | None = None,
                      allow_missing: bool = False) -> list[Problem]:
    """Every missing file, icon label and interface translation of the game's languages (or of
    `langs`). `allow_missing`: untranslated interface strings fall back to English (--allow-missing)."""
    langs = [lang for lang in game.game.languages if langs is None or lang in langs]
    problems: list[Problem] = []
    for folder in ("aid", "aid-card", "rules"):
        if (game.directory / folder).is_dir():
            problems += [missing_language_file(project, game, folder, lang) for lang in langs
                         if not (game.directory / folder / f"{lang}.yaml").exists()]
    problems += _label_problems(project, game, langs)
    if not allow_missing:
        for lang in langs:
            if lang != SOURCE_LANGUAGE:
                problems += _translation_problems(project, game, lang)
    return problems


def _seen_icons(project: Project, game: GameData) -> set[str]:
    """Icons a player sees: on the cards (faces and texts) and named in the aid, aid card and rules files."""
    try:
        seen = set(used_icons(project, game))
    except DataError:   # a layout that does not resolve: reported by the layout checks
        seen = set()
    for folder in ("aid", "aid-card", "rules"):
        for path in sorted((game.directory / folder).glob("*.yaml")):
            try:   # by the project's rule: a link to /dev/zero here is not read (its loader says so)
                text = read_input(project.root, path).decode("utf-8", errors="replace")
            except DataError:
                continue
            seen.update(ICON_REF.findall(text))
    return seen


def _label_problems(project: Project, game: GameData, langs: list[str]) -> list[Problem]:
    problems = []
    own = project.layouts.icons(game.id)
    known = project.icons_for(game.id)
    for name in sorted(_seen_icons(project, game)):
        spec = known.get(name)
        if spec is None:   # an unknown icon is reported where it is used
            continue
        missing = spec.label.missing(langs)
        if missing:
            stem = game.id if name in own else "icons"
            file, line = project.layouts.origin(stem, ("icons", name, "label"))
            fix, shared = f"a label in each language of {game.id} ({', '.join(game.game.languages)})", ""
            if Path(file).is_absolute():   # installed with pnp: the game's own file may redefine the icon
                file, shared = f"layouts/{stem}.yaml", " (a shared icon installed with pnp)"
                fix += f": copy icon '{name}' into layouts/{game.id}.yaml and add the labels there"
            for lang in missing:
                problems.append(Problem(file, line, f"icons.{name}.label", f"no '{lang}' label{shared}", fix))
    return problems


def _translation_problems(project: Project, game: GameData, lang: str) -> list[Problem]:
    if english_only(project.root, lang):   # no catalogue at all: English throughout, never mixed
        return []
    try:
        catalogue = load_catalogue(project.root, lang)
    except DataError as exc:   # a damaged catalogue
        return exc.problems
    try:
        needed = needed_msgids(project, game)
    except DataError:          # a layout that does not resolve: its own checks say why
        return []
    missing = [msgid for msgid in sorted(needed) if not catalogue.get(msgid)]
    if not missing:
        return []
    folder = f"locales/{lang}/LC_MESSAGES/"
    if not catalogue_paths(project.root, lang) or len(missing) > MANY_MISSING:   # one line, not fifty
        shown = ", ".join(_shown(m) for m in missing[:SHOWN_MISSING])
        return [Problem(folder, 0, "", f"no '{lang}' translation of the {len(missing)} interface strings "
                        f"the build prints ({shown}, …)",
                        f"a catalogue {folder}<domain>.po (copy pnp's own from another language: "
                        f"`pnp i18n status {game.id}` lists them), or `--allow-missing` for English")]
    return [Problem(folder, 0, "", f"no '{lang}' translation of {_shown(msgid)} (used by {', '.join(needed[msgid])})",
                    f"{_entry(msgid)} in a .po file there, or `--allow-missing` for English")
            for msgid in missing]


def _shown(msgid: str) -> str:
    return " / ".join(f"'{form}'" for form in msgid.split(PLURAL))


def _entry(msgid: str) -> str:
    """The .po entry that fixes it: msgid and msgstr, or the plural pair and its msgstr[n]."""
    if PLURAL not in msgid:
        return f'msgid "{msgid}" with its msgstr'
    one, many = msgid.split(PLURAL)
    return f'msgid "{one}", msgid_plural "{many}" with its msgstr[0], msgstr[1]…'


def needed_msgids(project: Project, game: GameData) -> dict[str, list[str]]:
    """msgid -> what prints it: the game's layouts and aids (`_('…')`), and pnp's own labels."""
    needed = {msgid: sorted(where) for msgid, where in game_msgids(project, game).items()}
    for msgid in interface_msgids(project.root):
        needed.setdefault(msgid, ["site"])
    for unit in {"card"} | {unit_of(deck.size) for deck in game.decks}:   # "15 tiles" on the site and in rules.pdf
        needed.setdefault(PLURAL.join(COUNT_LABELS[unit]), ["site", "rules"])
    return needed


def interface_msgids(root: Path) -> frozenset[str]:
    """pnp's own labels that every build prints: the `_('…')` of the site pages every game has
    (a score page only comes with a calculator) and the labels the code asks for."""
    found = set(CODE_LABELS) | SHEET_MSGIDS     # the card sheets' instructions and labels
    folder = site_folder(root)     # the templates the site is made from
    for name in SITE_TEMPLATES:
        try:   # by the project's rule (a template that is a link out or a pipe is never read)
            text = read_input(root, folder / name).decode("utf-8")
        except (DataError, UnicodeDecodeError):   # the site says so when it renders
            continue
        found.update(single or double for single, double, *_plural in TRANSLATION_CALL.findall(text))
    return frozenset(found)
