# Runs in the browser (Pyodide): the project's scoring package, called as `pnp score` calls it.
import json

from datafile.errors import DataError
from scoring.api import score_data
from scoring.result import Name
from scoring.tournay import CardInfo


def facts(data):
    out = {}
    if "cards" in data:
        out["cards"] = {c["id"]: CardInfo(**c) for c in data["cards"]}
    if "names" in data:
        out["names"] = {k: v["plain"] if "plain" in v else Name(v["msgid"], v["names"])
                        for k, v in data["names"].items()}
    return out


def run(game, state_json, facts_json, catalogue_json, lang):
    catalogue = json.loads(catalogue_json)
    try:
        result = score_data(game, json.loads(state_json), name="state", **facts(json.loads(facts_json)))
    except DataError as exc:
        return json.dumps({"ok": False, "problems": [str(p) for p in exc.problems]}, ensure_ascii=False)
    return json.dumps({"ok": True, "result": result.to_json(lambda m: catalogue.get(m, m), lang)},
                      ensure_ascii=False)
