#!/usr/bin/python3
"""A results folder's raw runs: the --json documents of its runs, either as
loose files NAME.json (as reproduce.py and ab.py write them) or packed into
one compressed JSON Lines file, runs.jsonl.gz, one line a document:
{"name": "SUB/FOLDERS/NAME", "doc": {...}}, the name relative to the folder
that holds the pack. report.py, compare.py and ab.py read both through
`load`, `load_path` and `names`, looking for a pack in the folder and then
in the folders above it; a folder committed under results/ is packed whole,
so that it adds one file to the tree instead of a hundred.

  scripts/raw_runs.py pack FOLDER     every loose NAME.json file below FOLDER into
                                      FOLDER/runs.jsonl.gz (but the manifest.json and
                                      claims.json of a reproduction run, which stay)
  scripts/raw_runs.py unpack FOLDER   back into loose files
  zcat FOLDER/runs.jsonl.gz | head -1 one document, to read by eye
"""
import gzip
import json
import os
import sys

PACKED = "runs.jsonl.gz"
LOOSE = ("manifest", "claims")  # read by name, small: never packed

_cache = {}


def _packed(folder):
    path = os.path.join(folder, PACKED)
    if not os.path.exists(path):
        return {}
    key = (os.path.abspath(path), os.path.getmtime(path))
    if key not in _cache:
        docs = {}
        try:
            with gzip.open(path, "rt") as f:
                for number, line in enumerate(f, 1):
                    try:
                        item = json.loads(line)
                        docs[item["name"]] = item["doc"]
                    except (ValueError, KeyError, TypeError) as e:
                        raise ValueError(f"{path}:{number}: not a packed run: {e}")
        except (OSError, EOFError) as e:
            raise ValueError(f"{path}: {e}")
        _cache[key] = docs
    return _cache[key]


def _pack_of(folder):
    """(the documents of the nearest pack at or above folder, the prefix of
    folder's names in it); ({}, "") when there is none."""
    here = os.path.abspath(folder)
    rel = ""
    while True:
        if os.path.exists(os.path.join(here, PACKED)):
            return _packed(here), rel
        up = os.path.dirname(here)
        if up == here:
            return {}, ""
        rel = os.path.basename(here) + "/" + rel
        here = up


def names(folder):
    """The names of the folder's documents, loose and packed, sorted."""
    loose = ({f[:-5] for f in os.listdir(folder) if f.endswith(".json")}
             if os.path.isdir(folder) else set())  # a packed folder may be gone
    docs, prefix = _pack_of(folder)
    packed = {n[len(prefix):] for n in docs if n.startswith(prefix) and "/" not in n[len(prefix):]}
    return sorted(loose | packed)


def load(folder, name):
    """The document NAME of the folder (the loose file first), or None.
    ValueError names the file when it cannot be read."""
    path = os.path.join(folder, name + ".json")
    if os.path.exists(path):
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError) as e:
            raise ValueError(f"{path}: {e}")
    docs, prefix = _pack_of(folder)
    return docs.get(prefix + name)


def load_path(path):
    """The document at PATH (FOLDER/NAME.json), loose or packed, or None."""
    folder, base = os.path.split(path)
    return load(folder or ".", base[:-5] if base.endswith(".json") else base)


def _loose_below(folder):
    """The loose documents below folder: {relative name: path}. A
    reproduction run's manifest and claims stay loose (report.py finds the
    run by its manifest)."""
    out = {}
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        run = "manifest.json" in files
        for f in files:
            if f.endswith(".json") and not (run and f[:-5] in LOOSE):
                rel = os.path.relpath(os.path.join(here, f[:-5]), folder)
                out[rel.replace(os.sep, "/")] = os.path.join(here, f)
    return out


def pack(folder):
    docs = dict(_packed(folder))
    loose = _loose_below(folder)
    for name, path in loose.items():
        docs[name] = load_path(path)
    path = os.path.join(folder, PACKED)
    with gzip.open(path + ".tmp", "wt", compresslevel=9) as f:
        for name in sorted(docs):
            f.write(json.dumps({"name": name, "doc": docs[name]}, separators=(",", ":")) + "\n")
    os.replace(path + ".tmp", path)
    for p in loose.values():
        os.remove(p)
    return len(docs)


def unpack(folder):
    docs = _packed(folder)
    for name, doc in docs.items():
        path = os.path.join(folder, *name.split("/")) + ".json"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
    os.remove(os.path.join(folder, PACKED))
    return len(docs)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("pack", "unpack"):
        print("usage: raw_runs.py pack|unpack FOLDER", file=sys.stderr)
        sys.exit(2)
    folder = sys.argv[2]
    if not os.path.isdir(folder):
        print(f"raw_runs.py: {folder}: no such folder", file=sys.stderr)
        sys.exit(2)
    try:
        count = (pack if sys.argv[1] == "pack" else unpack)(folder)
    except ValueError as e:
        print(f"raw_runs.py: {e}", file=sys.stderr)
        sys.exit(2)
    print(f"raw_runs.py: {count} documents {sys.argv[1]}ed in {folder}")


if __name__ == "__main__":
    main()
