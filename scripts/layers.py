"""Print which of generator's layers import which (the import contract's graph, as it is).

    .venv/bin/python scripts/layers.py

A line a layer, top first: the layers it imports. Then each import that points up a layer,
which the contract in pyproject.toml ([tool.importlinter]) allows only when its
`ignore_imports` lists it. docs/architecture.md shows this output.
"""

from __future__ import annotations

import grimp

#: The layers, top first, and the modules of generator/ each holds (a sub-package by name);
#: "base" holds the rest. The same order as the contract's `layers`.
LAYERS = {
    "cli": ("cli", "__main__"),
    "commands": ("measure", "newdigest"),
    "engine": ("engine",),
    "pipeline": ("pipeline",),
    "features": ("features",),
    "pages": ("pages",),
    "derive": ("derive",),
}
ORDER = [*LAYERS, "base"]


def layer(module: str) -> str:
    top = module.split(".")[1] if "." in module else module
    return next((name for name, held in LAYERS.items() if top in held), "base")


def main() -> None:
    graph = grimp.build_graph("generator")
    edges: dict[str, set[str]] = {}
    up: list[str] = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            here, there = layer(module), layer(imported)
            if here != there:
                edges.setdefault(here, set()).add(there)
                if ORDER.index(there) < ORDER.index(here):
                    up.append(f"  {module} -> {imported}")
    for name in ORDER:
        print(f"{name:9} -> {', '.join(sorted(edges.get(name, set()))) or '(nothing)'}")
    print("pointing up:" + ("" if up else " none"))
    for line in up:
        print(line)


if __name__ == "__main__":
    main()
