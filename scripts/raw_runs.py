#!/usr/bin/python3
"""A results folder's raw runs: the --json documents of its runs, either as
loose files NAME.json (as reproduce.py and ab.py write them) or packed into
one compressed JSON Lines file, runs.jsonl.gz, one line a document:
{"name": "SUB/FOLDERS/NAME", "doc": {...}}, the name relative to the folder
that holds the pack. report.py, compare.py and ab.py read both through
`load`, `load_path` and `names`, looking for a pack in the folder and then
in the folders above it; a folder committed under results/ is packed whole,
so that it adds one file to the tree instead of a hundred. A reproduction
run's manifest.json and claims.json are documents like the others (report.py
reads them through `load`). The other files of a folder (command output, a
checkpoint, timings: text; plots, games in .ggf.gz: bytes) go into the same
pack, one line each: {"file": "SUB/NAME.txt", "text": "..."} for a UTF-8
file, {"file": "SUB/NAME.png", "base64": "..."} for any other, so that
`unpack` writes each back byte for byte; what stays beside the pack is what
a reader opens directly: README.md and REPORT.md.

  scripts/raw_runs.py pack FOLDER     every loose file below FOLDER but its READMEs
                                      and reports into FOLDER/runs.jsonl.gz
  scripts/raw_runs.py unpack FOLDER   back into loose files (the other files too)
  zcat FOLDER/runs.jsonl.gz | head -1 one document, to read by eye
"""
import base64
import gzip
import io
import json
import os
import sys

PACKED = "runs.jsonl.gz"

# What stays loose: read by people.
KEEP_FILES = ("README.md", "REPORT.md", PACKED)

_cache = {}


def _packed(folder):
    path = os.path.join(folder, PACKED)
    if not os.path.exists(path):
        return {}
    key = (os.path.abspath(path), os.path.getmtime(path))
    if key not in _cache:
        docs, texts = {}, {}
        try:
            with gzip.open(path, "rt") as f:
                for number, line in enumerate(f, 1):
                    try:
                        item = json.loads(line)
                        if "base64" in item:
                            texts[item["file"]] = base64.b64decode(item["base64"], validate=True)
                        elif "file" in item:
                            texts[item["file"]] = item["text"]
                        else:
                            docs[item["name"]] = item["doc"]
                    except (ValueError, KeyError, TypeError) as e:  # binascii.Error too
                        raise ValueError(f"{path}:{number}: not a packed run: {e}")
        except (OSError, EOFError) as e:
            raise ValueError(f"{path}: {e}")
        _cache[key] = (docs, texts)
    return _cache[key][0]


def _packed_texts(folder):
    """{name: str of a text file, bytes of any other} of the folder's pack."""
    _packed(folder)
    path = os.path.join(folder, PACKED)
    if not os.path.exists(path):
        return {}
    return _cache[(os.path.abspath(path), os.path.getmtime(path))][1]


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
    """The files below folder that a pack takes: ({relative name: path} of
    the JSON documents, {relative path: path} of the other files). The
    READMEs and reports stay loose."""
    docs, texts = {}, {}
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        for f in files:
            rel = os.path.relpath(os.path.join(here, f), folder).replace(os.sep, "/")
            if f in KEEP_FILES or f.endswith(".tmp"):
                continue
            if f.endswith(".json"):
                docs[rel[:-5]] = os.path.join(here, f)
            else:
                texts[rel] = os.path.join(here, f)
    return docs, texts


def _read_file(path):
    """A loose file's content: str when it is UTF-8 (newlines as they are),
    else bytes."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ValueError(f"{path}: cannot be read to pack: {e}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


# The rate counters of bench/micro, one per benchmark: operations per second.
RATES = ("flips/s", "masks/s", "plays/s", "moves/s", "positions/s")


def micro_rows(doc):
    """{run name: (ns per operation of each repetition, the median aggregate's
    ns per operation or None)} of a Google Benchmark JSON document: the
    repetitions are its "iteration" rows, 1e9 / the rate counter each."""
    rows = {}
    for b in doc.get("benchmarks", []):
        if not isinstance(b, dict) or b.get("error_occurred"):
            continue
        rate = next((b[k] for k in RATES if k in b), None)
        if not rate or rate <= 0:
            continue
        name = b.get("run_name", b.get("name"))
        samples, median = rows.get(name, ([], None))
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                median = 1e9 / rate
        else:
            samples.append(1e9 / rate)
        rows[name] = (samples, median)
    return rows


def pack(folder):
    docs = dict(_packed(folder))
    texts = dict(_packed_texts(folder))
    loose_docs, loose_texts = _loose_below(folder)
    for name, path in loose_docs.items():
        docs[name] = load_path(path)
    for name, path in loose_texts.items():
        texts[name] = _read_file(path)
    path = os.path.join(folder, PACKED)
    # mtime 0: the same documents make the same bytes, so a pack made again
    # is no change to git
    with gzip.GzipFile(path + ".tmp", "wb", compresslevel=9, mtime=0) as raw, \
            io.TextIOWrapper(raw, encoding="utf-8") as f:
        for name in sorted(docs):
            f.write(json.dumps({"name": name, "doc": docs[name]}, separators=(",", ":")) + "\n")
        for name in sorted(texts):
            if isinstance(texts[name], bytes):
                item = {"file": name, "base64": base64.b64encode(texts[name]).decode("ascii")}
            else:
                item = {"file": name, "text": texts[name]}
            f.write(json.dumps(item) + "\n")
    os.replace(path + ".tmp", path)
    for p in list(loose_docs.values()) + list(loose_texts.values()):
        os.remove(p)
    for here, dirs, files in sorted(os.walk(folder), reverse=True):  # the folders left empty
        if here != folder and not os.listdir(here):
            os.rmdir(here)
    return len(docs) + len(texts)


def unpack(folder):
    docs, texts = _packed(folder), _packed_texts(folder)
    for name, doc in docs.items():
        path = os.path.join(folder, *name.split("/")) + ".json"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
    for name, text in texts.items():
        path = os.path.join(folder, *name.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(text, bytes):
            with open(path, "wb") as f:
                f.write(text)
        else:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    os.remove(os.path.join(folder, PACKED))
    return len(docs) + len(texts)


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
