"""What the fuzzer (fuzzing.py) puts into the files it mutates: values, raw YAML, bytes and
catalogue lines that broke, or could break, a loader, a template, a layout or the site."""
from __future__ import annotations

CANARY_ENV = "PNP_FUZZ_SECRET"
CANARY = "canary-7f3e9b1d"          # the value of the secret; never printed by a healthy pnp
OUTSIDE_CANARY = "outside-canary-51c2"  # the content of a file outside the project


OUTSIDE = "../../../outside/secret"   # relative to a game folder: the canary file beside the root
PAYLOADS: list = [
    0, -1, 1, 7, 10 ** 9, -10 ** 9, 2 ** 63, 10 ** 30, 1e308, -0.5, 7.0, True, False, None, "", "7", "true",
    [], {}, [1, 2], {"a": 1}, ["x"] * 3, {"en": "x"}, {"fr": "x", "en": "y"},
    "x" * 200_000, "word " * 30_000,
    "A card text of a sensible length that still fits no box on any card. " * 8,   # validate fits texts (issue 23)
    "art/none.png", "art/../../../outside/secret.png",   # an image region's file: validate places images too
    "{{ lipsum(10**7) }}", "{{ range(10**8)|list|length }}", "{{ ''.__class__.__mro__ }}", "{{ cycler }}",
    "{{ 10**10**10 }}", "{{ 'x' * 10**10 }}", "{% for i in range(10**9) %}x{% endfor %}", "{{ card.nope }}",
    "{{ joiner }}", "{{ namespace }}", "{{ self }}", "{% include '/etc/passwd' %}", "{{ card.name",
    "{{ decks.values()|first }}", "{{ config }}", "{{ range(10)|list }}",
    "{type:>999999999}", "{0}", "{}", "{type.__class__.__mro__}", "{x}",
    "{cost.model_dump.__globals__[sys].modules[os].environ[" + CANARY_ENV + "]}",
    "{type.__init__.__globals__[sys].modules[os].environ[" + CANARY_ENV + "]}",
    "%s%s%n", "%(x)s",
    OUTSIDE, "../../../outside/secret.yaml", "/etc/passwd", "/proc/self/environ", "../nobles", "..", "/",
    "../../layouts/base", "nul\x00byte", "a/b", "tournay/{type}", "san-gimignano/tower",
    "\ue000", "\ue001 icon", "\U000f0000", "\uffff", "\u0378", "bell\x07", "esc\x1b[31m", "\u202eevil", "a\u0301",
    "😀", "\ud7ff", "tab\there", "line\u2028sep", "\x85", "塔" * 3000,
    "tower-5", "nobles", "aids/card-front", ":points:", ":nope:", "[[nope]]", "[[#nope]]", "**", "*",
    "#zzzzzz", "red", "rgb(1,2,3)", "#12345", "poker", "round",
    # colours that would be markup in the site's SVG (issue 30)
    '#b8860b"/></symbol></svg><img src=x onerror=alert(1)>', "#abc", "#abcd", "transparent", "url(javascript:x)",
    "red;fill:url(#x)", "currentColor",
    # budget walks: loops, recursion and growth that no single `range` shows (issue 30)
    "{% set s = 'x' * 20000 %}{% for a in s %}{% for b in s %}{% for c in s %}{% endfor %}{% endfor %}{% endfor %}",
    "{% macro f(n) %}{% if n < 40 %}{{ f(n + 1) }}{{ f(n + 1) }}{% endif %}{% endmacro %}{{ f(1) }}",
    "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
    "{% set s = 'x' * 20000 %}" + "{% set s = s ~ s %}" * 18 + "{{ s|length }}",
    "{% set s = 'x' * 20000 %}{{ ([s] * 20000)|join|length }}",
    "{% set s = 'x' * 20000 %}{% set t %}{% for i in range(5000) %}{{ s }}{% endfor %}{% endset %}{{ t|length }}",
    "{{ range(10**30)|list }}", "{{ [[1] * 10000] * 2|sum(start=[]) }}", "{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}",
]

# raw YAML put in place of a value (things a dumper cannot write)
ALIAS_BOMB = ("{a: &a [x,x,x,x,x,x,x,x,x], b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a], c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b],"
              " d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c], e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d],"
              " f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e], g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f],"
              " h: [*g,*g,*g,*g,*g,*g,*g,*g,*g]}")
RAW_PAYLOADS = [
    ALIAS_BOMB, "[" * 3000 + "]" * 3000, "{a: " * 2000 + "1" + "}" * 2000, "9" * 5000, "-" + "9" * 5000,
    "1e99999", "0x" + "f" * 5000, "{[a, b]: 1}", "{{a: 1}: 2}", "!!python/object/apply:os.system ['echo hi']",
    "!!binary aGVsbG8=", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "*undefined", "&a [*a]", "!!set {a, b}",
    "!!omap [a: 1]", "!custom x", "<<", "= ", ".nan", ".inf", "0o777", "1_000", "~", "'unterminated",
    "|\n  block", "[a, b", "{<<: {x: 1}}", "{&a a: *a}",
]
BYTES = [b"\xff", b"\x00", b"\x1b", b"\x1b[31m", b"\xc3", b"\xe5\xa1", b"\t", b"\r", b"\xef\xbb\xbf", b"\x85",
         b"\x7f", b"\xed\xa0\x80", b"\n---\n", b"\n...\n", b"%YAML 9.9\n", b"&", b"*", b"!", b"{{", b"}}", b"'",
         b'"', b"- ", b": ", b"\n" + b" " * 40 + b"x: 1\n"]
PO_LINES = ['msgstr "{0.__class__}"', 'msgstr "%s %s %n"', 'msgstr "' + "x" * 100_000 + '"', 'msgstr "\\ue000"',
            'msgstr "\ue000"', 'msgstr "{{ lipsum(10**7) }}"', 'msgid "dup"', 'msgctxt "x"', "#, fuzzy",
            'msgstr[0] "a"', 'msgid_plural "b"', 'msgstr "unterminated', "garbage line", 'msgstr ""', '"continued"',
            'msgstr "\x07\x1b"', 'msgstr "' + "\\" + '"', '"Plural-Forms: nplurals=300000000; plural=0;\\n"',
            '"Plural-Forms: npl"', 'msgstr "{boom}"', 'msgstr "\\e[2J\\u202e"']
