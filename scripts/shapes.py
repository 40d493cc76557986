"""The shapes of the JSON documents that compare.py and ab.py read, checked
where they are read, and the one error that every unusable input ends in.

A document that cannot be read, or one whose fields are not what a script
reads, is a `BadInput` whose message is one line naming the file, the field
and the problem:

  results/x/perft-avx2.json: rows[3].median_seconds: missing
  results/x/ab.json: rounds: expected an integer >= 1, got the string "5"
  results/x/runs.jsonl.gz:12 (run-1/fforum-1-19): summary.seconds: expected a
      number >= 0, got NaN
  results/x/micro.json: not JSON: Expecting value: line 1 column 1 (char 0)

The scripts' `main` catch it and exit 2 with that line.

A shape is written in plain Python values:

  str, bool, dict, list       a JSON value of that type (object: any value)
  "perft"                     exactly that string
  {"rows": S, "times?": T}    an object with these fields of these shapes (a
                              name ending in "?" may be missing); other fields
                              are free
  [S], List(S, least=1)       a list (of at least `least` items), each of shape S
  Map(S)                      an object whose every value has shape S
  Leaf(what, test)            a value for which test(value) is true; `what`
                              names it in the message ("a number >= 0")

`check(doc, where, shape)` returns the document or raises the BadInput of
its first field that does not fit. `names`, `load` and `load_path` read a
results folder as scripts/raw_runs.py does (loose NAME.json first, then
the runs.jsonl.gz pack at or above the folder), returning with each
document where it is, so that a message names a packed document by its
pack and line. A pack's lines are checked the first time it is read: each
a JSON object, a document {"name": "...", "doc": ...} or a file
{"file": "...", ...}.
"""
import gzip
import json
import math
import os
import re
import zlib

import raw_runs


class BadInput(Exception):
    """A file the scripts cannot use. str() is one line: 'FILE: FIELD:
    PROBLEM' (no FIELD when the file as a whole is wrong)."""

    def __init__(self, file, field="", problem=""):
        self.file, self.field, self.problem = file, field, problem
        super().__init__(": ".join(part for part in (file, field, problem) if part))


class Leaf:
    """A value for which test(value) holds; `what` names it in a message."""

    def __init__(self, what, test):
        self.what, self.test = what, test


class List:
    """A list of at least `least` items, each of shape `item`."""

    def __init__(self, item, least=0):
        self.item, self.least = item, least


class Map:
    """An object whose every value has shape `value` (any keys)."""

    def __init__(self, value):
        self.value = value


def finite(x):
    """A JSON number that is finite as a float (not true/false, NaN, Infinity,
    nor an integer too large for a float)."""
    if isinstance(x, bool):
        return False
    if isinstance(x, int):
        return abs(x) < 2 ** 1023
    return isinstance(x, float) and math.isfinite(x)


def integer(x):
    return isinstance(x, int) and not isinstance(x, bool)


# The leaves the scripts share.
SECONDS = Leaf("a number >= 0", lambda x: finite(x) and x >= 0)
RATE = Leaf("a number >= 0", lambda x: finite(x) and x >= 0)  # operations per second
TIME = Leaf("a number > 0", lambda x: finite(x) and x > 0)  # a repetition's time: a ratio's term
INTEGER = Leaf("an integer", integer)
COUNT = Leaf("an integer >= 0", lambda x: integer(x) and x >= 0)
# perft's leaves: full decimal in a string (counts pass 2^64), or a number in older files
LEAVES = Leaf("a count (an integer >= 0, or its digits in a string)",
              lambda x: (integer(x) and x >= 0) or
              (isinstance(x, str) and re.fullmatch(r"0|[1-9][0-9]{0,39}", x) is not None))

# A Google Benchmark JSON document (bench/micro --benchmark_out), as
# raw_runs.micro_rows reads it: each benchmark's name, its kind of row and
# its rate counter.
BENCHMARK = {"name": str, "run_name?": str, "run_type?": str, "aggregate_name?": str,
             "error_occurred?": bool,
             **{rate + "?": RATE for rate in raw_runs.RATES}}
MICRO = {"benchmarks": [BENCHMARK]}

_TYPES = {str: "a string", bool: "true or false", dict: "an object", list: "a list",
          object: "any value"}


def describe(value):
    """A JSON value in a message: null, true, NaN, 1.5, the string "x", a list."""
    if isinstance(value, dict):
        return "an empty object" if not value else "an object"
    if isinstance(value, list):
        return "an empty list" if not value else "a list"
    if isinstance(value, str):
        text = json.dumps(value if len(value) <= 30 else value[:27] + "...")
        return f"the string {text}"
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    text = json.dumps(value)  # null, true, Infinity, -1, 1e+300
    return text if len(text) <= 30 else text[:27] + "..."


def _field(field, key):
    return f"{field}.{key}" if field else str(key)


def _check(value, shape, where, field):
    def wrong(expected):
        raise BadInput(where, field, f"expected {expected}, got {describe(value)}")

    if isinstance(shape, Leaf):
        if not shape.test(value):
            wrong(shape.what)
    elif isinstance(shape, str):
        if value != shape:
            wrong(json.dumps(shape))
    elif isinstance(shape, type):
        if not (shape is object or isinstance(value, shape)):
            wrong(_TYPES[shape])
    elif isinstance(shape, dict):
        if not isinstance(value, dict):
            wrong("an object")
        for key, sub in shape.items():
            name = key[:-1] if key.endswith("?") else key
            if name not in value:
                if key.endswith("?"):
                    continue
                raise BadInput(where, _field(field, name), "missing")
            _check(value[name], sub, where, _field(field, name))
    elif isinstance(shape, (list, List)):
        item, least = (shape[0], 0) if isinstance(shape, list) else (shape.item, shape.least)
        if not isinstance(value, list):
            wrong("a list")
        if len(value) < least:
            wrong("a non-empty list" if least == 1 else f"a list of at least {least} items")
        for i, x in enumerate(value):
            _check(x, item, where, f"{field}[{i}]")
    elif isinstance(shape, Map):
        if not isinstance(value, dict):
            wrong("an object")
        for key, x in value.items():
            _check(x, shape.value, where, _field(field, key))
    else:
        raise TypeError(f"shapes.check: not a shape: {shape!r}")


def check(doc, where, shape):
    """doc, when it has the shape; else BadInput(where, the first field that
    does not fit, what is wrong with it)."""
    _check(doc, shape, where, "")
    return doc


def read_json(path):
    """The JSON document of a file, or BadInput naming the file."""
    try:
        with open(path, encoding="utf-8") as f:  # JSON is UTF-8 (RFC 8259)
            return json.load(f)
    except OSError as e:  # a directory, a broken link, no permission
        raise BadInput(path, "", f"cannot be read: {e.strerror or e}")
    except (ValueError, RecursionError) as e:  # not JSON, not UTF-8, nested too deep
        raise BadInput(path, "", f"not JSON: {e}")


def find_pack(folder):
    """(the path of the pack at or above folder, the prefix of folder's names
    in it), or (None, ""): the pack raw_runs reads. The path is relative
    when folder is."""
    here, up_count, prefix = os.path.abspath(folder), 0, ""
    while True:
        if os.path.exists(os.path.join(here, raw_runs.PACKED)):
            if os.path.isabs(folder):
                return os.path.join(here, raw_runs.PACKED), prefix
            return os.path.normpath(os.path.join(folder, *[".."] * up_count,
                                                 raw_runs.PACKED)), prefix
        up = os.path.dirname(here)
        if up == here:
            return None, ""
        prefix = os.path.basename(here) + "/" + prefix
        here, up_count = up, up_count + 1


_packs = {}  # (absolute path, mtime, size) -> {document name: its line}


def pack_lines(pack):
    """{document name: its line number} of a pack, every line checked first
    (BadInput names the pack and the line)."""
    st = os.stat(pack)
    key = (os.path.abspath(pack), st.st_mtime_ns, st.st_size)
    if key in _packs:
        return _packs[key]
    lines = {}
    number = 0
    try:
        with gzip.open(pack, "rb") as f:
            for number, line in enumerate(f, 1):
                where = f"{pack}:{number}"
                try:
                    item = json.loads(line.decode("utf-8"))
                except (ValueError, RecursionError) as e:  # not UTF-8, not JSON
                    raise BadInput(where, "", f"not JSON: {e}")
                check(item, where, dict)
                if "file" in item or "base64" in item:  # a file of the folder, not a run
                    check(item, where, {"file": str})
                else:
                    lines[check(item, where, {"name": str, "doc": object})["name"]] = number
    except (OSError, EOFError, zlib.error) as e:  # not gzip, cut short, damaged
        raise BadInput(f"{pack}:{number + 1}", "", f"not a readable pack: {e}")
    _packs[key] = lines
    return lines


def names(folder):
    """The names of the folder's documents, loose and packed (raw_runs.names),
    its pack checked."""
    pack, _ = find_pack(folder)
    if pack is not None:
        pack_lines(pack)
    try:
        return raw_runs.names(folder)
    except OSError as e:  # a folder that cannot be listed
        raise BadInput(folder, "", f"cannot be read: {e.strerror or e}")
    except ValueError as e:  # raw_runs names the file
        raise BadInput(str(e))


def load(folder, name):
    """(the document NAME of the folder, where it is): its loose file
    FOLDER/NAME.json first, else its line in the pack, named PACK:LINE
    (NAME). BadInput when neither holds it: a document that may be missing
    is looked for in names() first."""
    path = os.path.join(folder, name + ".json")
    if os.path.lexists(path):  # a broken link too: an error, not "no document"
        return read_json(path), path
    pack, prefix = find_pack(folder)
    if pack is None or prefix + name not in pack_lines(pack):
        raise BadInput(path, "", "no such file (loose or packed)")
    try:
        doc = raw_runs.load(folder, name)
    except ValueError as e:  # raw_runs names the file
        raise BadInput(str(e))
    return doc, f"{pack}:{pack_lines(pack)[prefix + name]} ({prefix + name})"


def load_path(path):
    """load() of the document at PATH (FOLDER/NAME.json, loose or packed)."""
    folder, base = os.path.split(path)
    return load(folder or ".", base[:-5] if base.endswith(".json") else base)
