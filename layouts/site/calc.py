# Runs in the browser (Pyodide): the project's scoring package, called as `pnp score` calls it.
import dataclasses
import json
import re

from datafile.errors import DataError
from datafile.source import load_yaml_text
from scoring.api import score_data
from scoring.result import Name
from scoring.state import localise
from scoring.tournay import CardInfo


UNKNOWN = re.compile(r"^unknown field '([^']*)'")


def facts(data):
    out = {}
    if "cards" in data:
        out["cards"] = {c["id"]: CardInfo(**c) for c in data["cards"]}
    if "names" in data:
        out["names"] = {k: v["plain"] if "plain" in v else Name(v["msgid"], v["names"])
                        for k, v in data["names"].items()}
    return out


def _problems(exc, catalogue, lang):
    """Each problem in the page's language, without file and line (the page shows where, in its
    own words, from the field path): as `pnp score --lang` words it."""
    out = []
    for p in exc.problems:
        unknown = UNKNOWN.match(p.message)
        if unknown:   # the tally's keys are not the player's words: the page names the sheet's rows
            p = dataclasses.replace(p, message=f"unknown field '{unknown.group(1)}'", expected="",
                                    field=p.field.rpartition(".")[0])
        text = localise(dataclasses.replace(p, file="", line=0, field=""), lambda m: catalogue.get(m, m), lang)
        out.append({"field": p.field, "line": p.line, "message": text.removeprefix(": ").strip(),
                    **({"rows": True} if unknown else {})})
    return out


def run(game, state_json, facts_json, catalogue_json, lang):
    catalogue = json.loads(catalogue_json)
    try:
        result = score_data(game, json.loads(state_json), name="state", **facts(json.loads(facts_json)))
    except DataError as exc:
        return json.dumps({"ok": False, "problems": _problems(exc, catalogue, lang)}, ensure_ascii=False)
    return json.dumps({"ok": True, "result": result.to_json(lambda m: catalogue.get(m, m), lang)},
                      ensure_ascii=False)


def read_tally(text, catalogue_json, lang):
    """A state file (YAML or JSON) as `pnp score` reads it, for the form."""
    catalogue = json.loads(catalogue_json)
    try:
        data = load_yaml_text(text, "tally")
    except DataError as exc:
        return json.dumps({"ok": False, "problems": _problems(exc, catalogue, lang)}, ensure_ascii=False)
    return json.dumps({"ok": isinstance(data, dict), "state": data}, ensure_ascii=False, default=str)
