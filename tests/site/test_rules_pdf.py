"""rules.pdf: bookmarks for every section, every card in the index, fonts embedded."""
from __future__ import annotations

import functools
import re
import subprocess
import unicodedata

import pytest
import yaml
from pypdf import PdfReader

from generator.loading.catalog import list_game_ids, load_project
from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf, page_texts

LANGS = ["fr", "en", "de", "ja"]

# From the San Gimignano rulesheet (seeds/001): 7 actions, the end phase, 5 scoring
# categories, the nobles (advanced game) and the multi-deal variant; 10 nobles by name.
NOBLES = ["Buona Pietra", "Via Francigena", "Monumento", "Giostra", "Cappella di Santa Fina",
          "Palazzo Comunale", "Mura"]


def outline_titles(path) -> list[str]:
    reader = PdfReader(path)
    titles = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)
    walk(reader.outline)
    return titles


def flat_sections(sections):
    for s in sections:
        yield s
        yield from flat_sections(s.get("sections", []))


def squash(text: str) -> str:
    """Compare text ignoring spacing and line breaks (PDF extraction splits lines and words)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).replace("\u2019", "'")


def pdf_text(path) -> str:
    return "\n".join(page_texts(path))


@pytest.mark.parametrize("lang", LANGS)
def test_bookmark_for_every_section(sg_out, lang):
    rules = yaml.safe_load((ROOT / "cards/san-gimignano/rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    titles = outline_titles(sg_out / "san-gimignano" / lang / "rules.pdf")
    sections = list(flat_sections(rules["sections"]))
    assert len(sections) >= 10
    # titles are typeset (’ apostrophes, French no-break spaces): compare them without that
    plain = {t.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ") for t in titles}
    for section in sections:
        assert section["title"] in plain, f"no bookmark for section {section['id']!r}"
    # the card index and one bookmark per deck
    assert len(titles) >= len(sections) + 1 + 2


def test_rulebook_parts_are_covered():
    ids = {lang: [s["id"] for s in flat_sections(yaml.safe_load(
        (ROOT / "cards/san-gimignano/rules" / f"{lang}.yaml").read_text(encoding="utf-8"))["sections"])]
        for lang in LANGS}
    for lang in LANGS:
        assert ids[lang] == ids["en"], f"{lang} sections differ from en"
    for needed in ["setup", "buy", "exchange", "build", "extend", "finish", "close", "pass", "end-phase",
                   "donazione", "scoring", "nobles", "multi-deal", "glossary"]:
        assert needed in ids["en"]


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_in_index(sg_out, lang):
    text = squash(pdf_text(sg_out / "san-gimignano" / lang / "rules.pdf"))
    for name in (NOBLES if lang != "ja" else []):   # Japanese prints the names in katakana
        assert squash(name) in text
    for copies in range(5, 11):   # the rulesheet: rank N appears N times
        assert f"×{copies}" in text
    project = load_project(ROOT, ["san-gimignano"])
    for deck in project.games["san-gimignano"].decks:
        for card in deck.cards:
            assert squash(card.name.get(lang)) in text, card.id
            if card.text:
                before_icon = re.split(r":[a-z-]+:", card.text.get(lang))[0]
                words = squash(before_icon.replace("*", ""))[:12]
                assert words in text, card.id


@pytest.mark.parametrize("lang", LANGS)
def test_fonts_embedded(sg_out, lang):
    out = subprocess.run(["pdffonts", str(sg_out / "san-gimignano" / lang / "rules.pdf")], capture_output=True,
                         text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    assert rows
    for row in rows:
        assert row[-5] == "yes", f"font not embedded: {row[0]}"
    names = " ".join(r[0] for r in rows)
    assert ("BIZ" in names or "gothic" in names.lower()) if lang == "ja" else "Cardo" in names
    assert "icons-san-gimignano" in names   # the game's own icon font, as on the cards


def test_japanese_wraps_inside_lines(sg_out):
    """CJK wrapping: long Japanese paragraphs break between characters, filling the line."""
    with open_pdf(sg_out / "san-gimignano" / "ja" / "rules.pdf") as pdf:
        page = pdf.pages[0]
        lines = [line for line in (page.extract_text() or "").splitlines() if len(line) > 30]
    assert len(lines) >= 3


@pytest.mark.slow      # two builds
def test_deterministic(tmp_path):
    for run in ("a", "b"):
        result = pnp("build", "san-gimignano", "--lang", "en,ja", "--only", "rules", "--out", str(tmp_path / run))
        assert result.exit_code == 0, result.output
    for relative in ("san-gimignano/en/rules.pdf", "san-gimignano/ja/rules.pdf", "site/index.html",
                     "site/san-gimignano/en.html", "site/san-gimignano/ja.html"):
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes(), relative


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", [g for g in list_game_ids(ROOT) if g != "san-gimignano"])
def test_other_games_card_index(game, site_all):
    """Tournay and Taverna: every card of cards/<game>/ appears in the index, page and PDF."""
    project = load_project(ROOT, [game])
    text = squash(pdf_text(site_all / game / "en" / "rules.pdf"))
    html = (site_all / "site" / game / "en.html").read_text(encoding="utf-8")
    for deck in project.games[game].decks:
        for card in deck.cards:
            assert f'id="card-{card.id}"' in html
            assert squash(card.name.get("en")) in text, card.id
    fonts = subprocess.run(["pdffonts", str(site_all / game / "en" / "rules.pdf")], capture_output=True,
                           text=True, check=True).stdout
    assert f"icons-{game}" in fonts   # not another game's icons (fonts of one process alias by face name)


def test_bad_card_reference_fails(tmp_path):
    import shutil
    root = tmp_path / "root"
    shutil.copytree(ROOT / "cards", root / "cards", ignore=shutil.ignore_patterns("tournay", "taverna"))
    shutil.copytree(ROOT / "layouts", root / "layouts")
    shutil.copytree(ROOT / "locales", root / "locales")
    path = root / "cards/san-gimignano/rules/en.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("[[mura]]", "[[muraa]]", 1), encoding="utf-8")
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "rules", "--out", str(tmp_path / "o"),
                 root=root)
    assert result.exit_code == 1
    assert "unknown card 'muraa'" in result.output
    assert not (tmp_path / "o" / "site").exists()


# ---------------------------------------------------------------- a comfortable page (issue 25)

GAMES = ["san-gimignano", "tournay", "taverna"]


def lines(pdf):
    from tests.print.japanese_lines import lines_of
    return lines_of(pdf)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_open_with_bookmarks_and_contents_on_page_one(full_build, game, lang):
    pdf = full_build / game / lang / "rules.pdf"
    reader = PdfReader(pdf)
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    # the contents block of page 1 names each top-level section with the page its bookmark opens
    outline = {}

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                outline.setdefault(squash(item.title), reader.get_destination_page_number(item) + 1)
    walk(reader.outline)
    with open_pdf(pdf) as doc:
        first = squash(doc.pages[0].extract_text())
    rules = yaml.safe_load((ROOT / "cards" / game / "rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    for section in rules["sections"]:
        title = squash(section["title"]).replace("'", "’")
        page = next((p for t, p in outline.items() if t.replace("'", "’") == title), None)
        assert page is not None, f"no bookmark for {section['id']}"
        assert f"{title}{page}" in first.replace("'", "’"), f"{game}/{lang}: contents miss {section['id']} p. {page}"


@pytest.mark.slow      # 9 PDFs read word by word, ~1-2 s each: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_rules_are_set_in_two_columns_of_a_comfortable_measure(full_build, game, lang):
    """Body lines sit in two columns (none crosses the middle of the page; both are filled); a full
    line holds about 45 to 75 characters."""
    from tests.print.japanese_lines import continuations
    pdf = full_build / game / lang / "rules.pdf"
    middle = float(PdfReader(pdf).pages[0].mediabox.width) / 2
    found = lines(pdf)
    body = [line for line in found if abs(line.size - 10) < 0.1]
    assert [line.text for line in body if line.x0 < middle < line.x1] == []
    assert sum(line.x1 < middle for line in body) > 20 and sum(line.x0 > middle for line in body) > 20
    full = [len(a.text) for a, b in continuations(found) if abs(a.size - 10) < 0.1]
    median = sorted(full)[len(full) // 2]
    assert 45 <= median <= 75, f"{game}/{lang}: {median} characters a line"


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_no_line_of_a_paragraph_is_left_alone_at_a_column_break(tmp_path, monkeypatch):
    """Every rules.pdf is built with ReportLab's paragraph splitting watched: a paragraph split
    across columns or pages keeps at least two lines on each side (no widow, no orphan)."""
    from reportlab.platypus import paragraph

    from generator.loading.catalog import load_project
    from generator.paper.sheet_options import SheetOptions
    from generator.products.rules_pdf import write_rules
    split, seen = paragraph.Paragraph.split, []

    def watched(self, width, height):
        parts = split(self, width, height)
        if len(parts) == 2:
            for part in parts:
                part.wrap(width, 10000)
            seen.append([len(part.blPara.lines) for part in parts])
        return parts
    monkeypatch.setattr(paragraph.Paragraph, "split", watched)
    project = load_project(ROOT)
    for game in project.games.values():
        for lang in game.game.languages:
            write_rules(project, game, lang, tmp_path / f"{game.id}-{lang}.pdf",
                        SheetOptions().for_language(project.sheets, lang))
    assert seen, "no paragraph was split: the check would see nothing"
    assert [s for s in seen if min(s) < 2] == []


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_card_index_has_one_entry_per_alike_card_and_names_pieces(full_build):
    text = pdf_text(full_build / "tournay" / "en" / "rules.pdf")
    assert text.count("Plaza ×4") == 1 and "Plaza ×1" not in text
    taverna = squash(pdf_text(full_build / "taverna" / "en" / "rules.pdf"))
    assert "Guildtokens12tokens" in taverna and "Royalfavours15tiles" in taverna
    assert "Notables4cards" in taverna


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("lang", LANGS)
def test_notes_on_the_edition_are_at_the_end(full_build, lang):
    """The favour-names note is in About this edition, on the last page; a deck short of cards is
    said once, in one sentence, with no counter such as "(14 / 15)" (issue 51)."""
    about = yaml.safe_load((ROOT / "cards" / "taverna" / "rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    own = about["about"].split("\n")[0][:24]          # the favour-names note opens the section
    pages = [squash(text) for text in page_texts(full_build / "taverna" / lang / "rules.pdf")]
    assert squash(own) in pages[-1]
    assert not any(squash(own) in page for page in pages[:-1])
    tournay = squash(pdf_text(full_build / "tournay" / lang / "rules.pdf"))
    assert not re.search(r"14[/／]15", tournay)
    note = yaml.safe_load((ROOT / "cards" / "tournay" / "events.yaml").read_text(encoding="utf-8"))
    assert tournay.count(squash(note["shortfall"]["note"][lang])[:30]) == 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_figures_in_the_pdf_and_on_the_site(full_build, game, lang):
    """At least three figures a game, drawn from the card data: the caption in rules.pdf, the same
    drawing as a PNG on the rules page."""
    figures = yaml.safe_load((ROOT / "cards" / game / "rules" / "figures.yaml").read_text(encoding="utf-8"))
    figures = figures["figures"]
    assert len(figures) >= 3 and {"anatomy", "setup"} <= {f["id"] for f in figures}
    text = squash(pdf_text(full_build / game / lang / "rules.pdf"))
    html = (full_build / "site" / game / f"{lang}.html").read_text(encoding="utf-8")
    for figure in figures:
        start = re.split(r":[a-z-]+:|\*\*", figure["caption"][lang])[0]
        assert squash(start)[:20] in text, f"{game}/{lang}: no caption for {figure['id']}"
        png = full_build / "site" / game / "figures" / f"{lang}-{figure['id']}.png"
        assert f'src="figures/{lang}-{figure["id"]}.png"' in html
        head = png.read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        assert abs(width / height - figure["width"] / figure["height"]) < 0.02


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_callout_leaders_stop_beside_what_they_name(full_build, game, lang):
    """On the card anatomy figure, each callout's leader ends beside the part of the card it names
    (a dot at the part's edge), never on a character: drawn to the part's centre, it struck
    through the card's own words."""
    from generator.products.figures import LEADER
    leader = tuple(round(int(LEADER[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))
    figures = yaml.safe_load((ROOT / "cards" / game / "rules" / "figures.yaml").read_text(encoding="utf-8"))
    anatomy = next(f for f in figures["figures"] if f["id"] == "anatomy")
    caption = squash(re.split(r":[a-z-]+:|\*\*", anatomy["caption"][lang])[0])[:20]
    with open_pdf(full_build / game / lang / "rules.pdf") as doc:
        page = next(p for p in doc.pages if caption in squash(p.extract_text()))
        leaders = [line for line in page.lines if line["x1"] - line["x0"] < 200
                   and tuple(round(c, 2) for c in line.get("stroking_color") or ()) == leader]
        assert len(leaders) >= len(anatomy["callouts"])
        touched = [(round(x), round(y), c["text"]) for line in leaders for x, y in (line["pts"][0], line["pts"][-1])
                   for c in page.chars if c["text"].strip()
                   and c["x0"] - 1 <= x <= c["x1"] + 1 and c["top"] - 1 <= y <= c["bottom"] + 1]
    assert touched == []


def test_site_figures_are_the_pixels_of_one_pdf_per_figure():
    """The site's figures are drawn into one PDF, a page each: a figure must come out as it would
    alone (nothing carried over from the figure before it), in 256 colours (few_colours)."""
    import io

    import pypdfium2
    from PIL import Image
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from generator.texts.figures import load_figures
    from generator.texts.rules import load_rules
    from generator.products.figures import FigureMaker, few_colours, figure_pngs
    project = load_project(ROOT, ["tournay"])
    game = project.games["tournay"]
    rules = load_rules(project, game, "ja")
    figures = load_figures(project, game, [s.id for s in rules.flat()]).figures
    maker = FigureMaker(project, game, "ja")
    pngs = figure_pngs(maker, figures)
    assert len(pngs) == len(figures) >= 3
    for figure, png in zip(figures, pngs):
        alone = io.BytesIO()
        canvas = Canvas(alone, pagesize=(figure.width * mm, figure.height * mm), invariant=1)
        maker.draw(canvas, figure, 1.0)
        canvas.showPage()
        canvas.save()
        pdf = pypdfium2.PdfDocument(alone.getvalue())
        expected = few_colours(pdf[0].render(scale=200 / 72).to_pil())
        pdf.close()
        image = Image.open(io.BytesIO(png))
        assert image.mode == "P" and image.size == expected.size, figure.id
        assert image.convert("RGB").tobytes() == expected.convert("RGB").tobytes(), figure.id


def test_a_figure_keeps_its_colours_where_a_palette_would_band():
    """256 colours show a drawing of flat colours as it is; card art with more colours (a
    photograph, a gradient) keeps them all."""
    from PIL import Image, ImageDraw

    from generator.products.figures import few_colours
    drawing = Image.new("RGB", (400, 300), "#f3ead8")
    pen = ImageDraw.Draw(drawing)
    pen.rounded_rectangle((20, 20, 380, 280), 24, outline="#3b4f6b", width=9)
    pen.text((60, 120), "Erzherzog 1+ → 3", fill="#2b2118")
    assert few_colours(drawing).mode == "P"
    photo = Image.merge("RGB", [Image.linear_gradient("L").resize((400, 300)),
                                Image.radial_gradient("L").resize((400, 300)), Image.effect_noise((400, 300), 40)])
    assert few_colours(photo) is photo


def test_figure_errors_name_file_and_line(tmp_path):
    import shutil
    root = tmp_path / "root"
    shutil.copytree(ROOT / "cards", root / "cards", ignore=shutil.ignore_patterns("tournay", "taverna"))
    shutil.copytree(ROOT / "layouts", root / "layouts")
    shutil.copytree(ROOT / "locales", root / "locales")
    path = root / "cards/san-gimignano/rules/figures.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("card: tower-7, x: 0", "card: tower-77, x: 0", 1).replace("region: title", "region: titel", 1)
    text = text.replace("after: build", "after: buil", 1)
    path.write_text(text, encoding="utf-8")
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1
    assert re.search(r"cards/san-gimignano/rules/figures\.yaml:\d+: figures\[0\]\.cards\[0\]\.card: "
                     r"no card 'tower-77' in san-gimignano", result.output)
    assert re.search(r"figures\.yaml:\d+: figures\[2\]\.after: no rules section 'buil'", result.output)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_contents_numbers_are_the_pages_the_headings_are_on(full_build, game, lang):
    """Read apart from the bookmarks: the contents' page numbers (page 1, down each of its three
    columns) are the pages on which the top-level headings (15 pt, at a column's left edge: a
    figure's card may hold 15 pt text too) really stand, in order. The numbers are drawn after
    the layout (PDF forms): pdfplumber must read them there."""
    from generator.products.rules_pdf import GAP, MARGIN
    pdf = full_build / game / lang / "rules.pdf"
    width = float(PdfReader(pdf).pages[0].mediabox.width)
    edges = (MARGIN, MARGIN + (width - 2 * MARGIN - GAP) / 2 + GAP)
    found = lines(pdf)
    numbers = [line for line in found if line.page == 0 and abs(line.size - 9.5) < 0.05 and line.text.isdigit()]
    numbers.sort(key=lambda line: (round(line.x1), line.top))      # right-aligned: one x1 a column
    heads = [line for line in found if abs(line.size - 15) < 0.05 and min(abs(line.x0 - x) for x in edges) < 0.5]
    starts = [b for a, b in zip([None] + heads, heads)               # a wrapped heading is one heading
              if not (a and a.page == b.page and abs(a.x0 - b.x0) < 1 and 0 < b.top - a.top < 1.45 * 15)]
    rules = yaml.safe_load((ROOT / "cards" / game / "rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert len(starts) in (len(rules["sections"]) + 1, len(rules["sections"]) + 2)   # + card index (+ about)
    assert [int(n.text) for n in numbers] == [h.page + 1 for h in starts]


@pytest.mark.parametrize("cjk", [False, True])
def test_rules_paragraphs_break_their_lines_once_per_width(cjk):
    """The rules' paragraphs keep their lines while the width is the same (ReportLab measures a
    kept-together group, then places it); a new width or a split breaks them anew, and the lines
    are those a plain paragraph makes."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from generator.products import rules_story
    from generator.typeset.kinsoku import KinsokuParagraph
    kind, base = (rules_story._KinsokuParagraph, KinsokuParagraph) if cjk else (rules_story._Paragraph, Paragraph)
    style = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12, wordWrap="CJK" if cjk else None)
    text = "ルールの段落は同じ幅では一度だけ行を分けます。" * 6 if cjk else "a rules paragraph breaks its lines once " * 8
    para, calls = kind(text, style), []
    breaking = "breakLinesCJK" if cjk else "breakLines"
    original = getattr(para, breaking)
    setattr(para, breaking, lambda widths: calls.append(widths) or original(widths))
    first = para.wrap(150, 1000)
    assert para.wrap(150, 500) == first and len(calls) == 1
    assert para.wrap(120, 1000) != first and len(calls) == 2
    para.split(120, 30)
    para.wrap(120, 1000)
    assert len(calls) == 3
    plain = base(text, style)
    assert plain.wrap(120, 1000) == para.wrap(120, 1000)
    assert plain.getActualLineWidths0() == para.getActualLineWidths0()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_page_one_keeps_counts_and_page_numbers_with_their_entries(full_build, game, lang):
    from generator.products.rules_story import MUTED_HEX
    """"Cards to print" never starts a line with a count ("×10") or a level alone ("I ×10"); in the
    contents a page number stands clear of the next column's title (set flush against it,
    "1 The tallest tower" read as one entry)."""
    with open_pdf(full_build / game / lang / "rules.pdf") as doc:
        page = doc.pages[0]
        lines = (page.extract_text() or "").split("\n")
        assert not [line for line in lines if re.match(r"(I{1,3} )?×\d", line)], lines
        words = page.extract_words(extra_attrs=["non_stroking_color"])
        muted = tuple(round(int(MUTED_HEX[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))   # the contents' numbers
        muted_numbers = [w for w in words if re.fullmatch(r"\d+", w["text"])
                         and tuple(round(c, 2) for c in w["non_stroking_color"] or ()) == muted]
        # the contents' rows, under the rule that opens its table (the full measure's width; the
        # print-and-assemble table's rules are above it)
        rule = max(line["top"] for line in page.lines if line["x1"] - line["x0"] > 0.8 * float(page.width) - 150)
        numbers = [w for w in muted_numbers if 0 < w["top"] - rule < 80]
        assert len(numbers) >= 6
        for number in numbers:
            after = [w for w in words if abs(w["top"] - number["top"]) < 2 and w["x0"] > number["x1"]]
            if after:
                assert min(w["x0"] for w in after) - number["x1"] >= 12, (number["text"], after[0]["text"])


@functools.lru_cache(maxsize=None)
def _deck_headings(game: str, lang: str) -> frozenset[str]:
    """The card index's deck headings of `game` in `lang` (a deck without cards excepted: its
    heading stands alone by design)."""
    decks = load_project(ROOT, [game]).games[game].decks
    names = [getattr(d.name, "root", d.name) for d in decks if d.cards]
    return frozenset(squash(str(n.get(lang) if isinstance(n, dict) else n)) for n in names)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_column_ends_with_a_heading(full_build, game, lang):
    """The last line of a column is never a heading (a section's title, a deck of the card index):
    its text follows it into the next column. A deck heading was left at the foot of a column,
    its cards in the next one."""
    rules = yaml.safe_load((ROOT / "cards" / game / "rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    headings = {squash(s["title"]) for s in flat_sections(rules["sections"])} | _deck_headings(game, lang)
    with open_pdf(full_build / game / lang / "rules.pdf") as doc:
        for number, page in enumerate(doc.pages, 1):
            middle, foot = float(page.width) / 2, float(page.height) - 40
            for left in (True, False):
                chars = [c for c in page.chars if c["text"].strip() and c["bottom"] < foot and (c["x0"] < middle) == left]
                if not chars:
                    continue
                last = max(c["bottom"] for c in chars)
                line = squash("".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"]) if abs(c["bottom"] - last) < 3))
                # a title alone, or a deck's name and its count ("Gunstplättchen 15 Plättchen")
                assert not any(line == h or re.fullmatch(re.escape(h) + r"\(?\d.{0,24}", line) for h in headings if h), \
                    f"{game}/{lang} p. {number}: '{line}' ends the column"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_column_rule_stands_between_two_columns(full_build, game, lang):
    """The rule between the columns is drawn where there is a right column: not on a last page
    whose text ends in the left one (a rule beside an empty column looked unfinished)."""
    with open_pdf(full_build / game / lang / "rules.pdf") as doc:
        for number, page in enumerate(doc.pages, 1):
            middle = float(page.width) / 2
            rule = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.5 and abs(line["x0"] - middle) < 3]
            right = [c for c in page.chars if c["text"].strip() and c["x0"] > middle + 3
                     and c["bottom"] < float(page.height) - 40]
            assert bool(rule) == bool(right), f"{game}/{lang} p. {number}: rule {bool(rule)}, right column {bool(right)}"


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_tournay_card_index_is_in_the_readers_dictionary_order(lang):
    """Issue 51: the French index listed each kind of card in the English alphabet (« Évêché, Pont,
    Hôpital, Bibliothèque, Monastère »): each deck's cards of one kind come by name in the reader's
    order, accents set aside (« Bibliothèque, Évêché, Hôpital »)."""
    from generator.card_layout.layouts import layout_id
    from generator.reading.i18n import sort_key
    from generator.texts.rules import load_rules
    project = load_project(ROOT, ["tournay"])
    game = project.games["tournay"]
    decks = {d.deck: d for d in game.decks}
    rules = load_rules(project, game, lang)
    unsorted = []
    for deck in rules.decks:
        kinds = {c.id: layout_id(decks[deck.id], c) for c in decks[deck.id].cards}
        for a, b in zip(deck.cards, deck.cards[1:]):
            if kinds[a.id] == kinds[b.id] and sort_key(a.name) > sort_key(b.name):
                unsorted.append(f"{deck.id}: {a.name} before {b.name}")
    assert unsorted == []
    if lang == "fr":
        white = next(d for d in rules.decks if d.id == "white-1")
        assert [c.name for c in white.cards][3:9] == ["Bibliothèque", "Bibliothèque", "Évêché", "Hôpital",
                                                      "Monastère", "Pont"]
