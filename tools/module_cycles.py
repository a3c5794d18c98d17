#!/usr/bin/env python3
"""Lists the circles in the import graph of each crate's modules.

Each crate of the workspace is checked on its own: the library (tessera/src)
and the command line (src). Each file under a crate's source folder is a module (`engine/legal.rs` is `engine::legal`, a
folder's `mod.rs` the folder itself). A module uses another when its code
(outside comments and `#[cfg(test)]` blocks) names it by a path: `crate::engine::attack`,
`super::attack` or `self::...`. Modules of one folder are compared at that
folder's level, and a folder with the top-level modules, so the rooms of
ARCHITECTURE.md and the modules inside `engine` are each checked. Exits 1 and
prints each circle when there is one.

Usage: python3 tools/module_cycles.py [SRC...]
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_of(src, path):
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def without_tests(text):
    """The text with every `#[cfg(test)]` item (up to its closing brace) removed."""
    out = []
    i = 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = text.find("{", j)
        semi = text.find(";", j)
        if k < 0 or (0 <= semi < k):
            i = semi + 1
            continue
        depth = 0
        for m in range(k, len(text)):
            if text[m] == "{":
                depth += 1
            elif text[m] == "}":
                depth -= 1
                if depth == 0:
                    i = m + 1
                    break
        else:
            return "".join(out)


def import_edges(src):
    """The modules of the crate at `src` and, for each, the modules it names."""
    modules = {module_of(src, p): p for p in src.rglob("*.rs")}
    names = set(modules)
    edges = {m: set() for m in names}
    for m, p in modules.items():
        for target in named(p, m, names):
            if target != m:
                edges[m].add(target)
    return names, edges


path_re = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
def named(p, m, names):
    """The modules that the code of module `m` (file `p`) names by a path."""
    # Comments, doc comments included, name modules without using them.
    text = re.sub(r"//[^\n]*", "", without_tests(p.read_text()))
    # A `use a::{b, c}` group names each of its members.
    text = re.sub(
        r"((?:crate|super|self)(?:::\w+)*)::\{([^{}]*)\}",
        lambda g: " ".join(f"{g.group(1)}::{x.strip().split(' ')[0]}" for x in g.group(2).split(",") if x.strip()),
        text,
    )
    for found in path_re.findall(text):
        parts = found.split("::")
        base = list(m)
        if parts[0] == "crate":
            base = []
            parts = parts[1:]
        else:
            while parts and parts[0] in ("super", "self"):
                if parts[0] == "super":
                    base = base[:-1]
                parts = parts[1:]
        target = tuple(base + parts)
        # The longest prefix that is a module.
        while target and target not in names:
            target = target[:-1]
        if target:
            yield target


def level_edges(edges, folder):
    """Edges between the children of `folder`, each module counted as the
    child of `folder` it lies in."""
    def child(x):
        return x[: len(folder) + 1] if x[: len(folder)] == folder and len(x) > len(folder) else None
    out = {}
    for a, targets in edges.items():
        ca = child(a)
        if ca is None:
            continue
        for b in targets:
            cb = child(b)
            if cb is not None and cb != ca:
                out.setdefault(ca, set()).add(cb)
    return out


def cycles(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def check(src):
    """Prints each circle of the crate at `src`; returns how many there are."""
    names, edges = import_edges(src)
    folders = {m[:-1] for m in names if m} | {()}
    shown = src.relative_to(ROOT) if src.is_relative_to(ROOT) else src
    bad = 0
    for folder in sorted(folders):
        for comp in cycles(level_edges(edges, folder)):
            bad += 1
            where = "::".join(folder) or "crate"
            print(f"{shown}: circle in {where}: " + " <-> ".join("::".join(c) for c in comp))
    if not bad:
        print(f"{shown}: no circle among {len(names)} modules")
    return bad


sys.setrecursionlimit(10000)
crates = [Path(a).resolve() for a in sys.argv[1:]] or [ROOT / "tessera" / "src", ROOT / "src"]
if sum(check(src) for src in crates):
    sys.exit(1)
