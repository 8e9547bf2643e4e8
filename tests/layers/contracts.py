"""A contract type for import-linter (``[tool.importlinter]`` in pyproject.toml): a pure layer.

``standard_library_only``: every module of ``source_modules`` imports the standard library and
``allowed_modules`` (each with its submodules) and nothing else: no Django, no other package
installed, no other module of the project. import-linter's own ``forbidden`` contract names what
may not be imported, so a package nobody thought to name would slip through; this one names
what may be. It reads the graph import-linter builds (``include_external_packages``: a third
party appears as its top-level package), imports inside functions included.
"""

from __future__ import annotations

import sys
from typing import Any, cast

from importlinter import Contract, ContractCheck, fields, output


class StandardLibraryOnly(Contract):
    type_name = "standard_library_only"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    allowed_modules = fields.ListField(subfield=fields.ModuleField(), required=False)

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        # The fields hold lists of import-linter's Module once the contract is read.
        sources = [module.name for module in cast("list[Any]", self.source_modules)]
        allowed = sources + [module.name for module in cast("list[Any]", self.allowed_modules or [])]
        found = []
        for source in sources:
            for importer in sorted({source} | graph.find_descendants(source)):
                for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                    if imported.split(".")[0] in sys.stdlib_module_names:
                        continue
                    if any(imported == name or imported.startswith(name + ".") for name in allowed):
                        continue
                    details = graph.get_import_details(importer=importer, imported=imported)
                    lines = sorted({detail["line_number"] for detail in details})
                    found.append((importer, imported, lines))
        return ContractCheck(kept=not found, metadata={"found": found, "allowed": allowed})

    def render_broken_contract(self, check: ContractCheck) -> None:
        allowed = ", ".join(check.metadata["allowed"])
        output.print_error(f"Only the standard library and {allowed} may be imported:")
        output.new_line()
        for importer, imported, lines in check.metadata["found"]:
            where = ", ".join(f"l.{line}" for line in lines)
            output.print_error(f"-   {importer} -> {imported} ({where})", bold=False)
        output.new_line()
