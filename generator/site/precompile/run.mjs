// Compiles the calculator's Python ahead, in Pyodide run by Node.js (inside.py says what and why):
//   node run.mjs PYODIDE_DIR OUT_DIR WHEEL...        the standard library and the wheels
//   node run.mjs PYODIDE_DIR OUT_DIR --bundle ZIP    the scoring bundle (runtime.py), all of it
// Called by generator/site/runtime_compile.py, which checks what it writes.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({indexURL: path.resolve(pyodideDir) + "/", stdout: () => {}});
const HOME = "/home/pyodide/pnp";
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.runPython(fs.readFileSync(new URL("inside.py", import.meta.url), "utf8"));
if (wheels[0] === "--bundle") {
  py.FS.writeFile("/in/bundle.zip", new Uint8Array(fs.readFileSync(wheels[1])));
  py.globals.get("bundle")("/in/bundle.zip", "/out/" + path.basename(wheels[1]));
  wheels.length = 0;
}
for (const wheel of wheels) {                  // installed as the page installs them (calc-worker.js)
  const bytes = new Uint8Array(fs.readFileSync(wheel));
  py.unpackArchive(bytes, "zip", {extractDir: HOME});
  py.FS.writeFile("/in/" + path.basename(wheel), bytes);
}
const libs = wheels.length ? py.runPython(`import glob; glob.glob('${HOME}/**/*.so', recursive=True)`).toJs() : [];
for (const lib of libs) await py._api.loadDynlib(lib);
if (wheels.length) {
  const stdlib = py.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
  py.globals.get("main")(stdlib, wheels.map((w) => "/in/" + path.basename(w)), "/out");
}
for (const name of py.FS.readdir("/out")) {
  if (name !== "." && name !== "..") fs.writeFileSync(path.join(outDir, name), py.FS.readFile("/out/" + name));
}
