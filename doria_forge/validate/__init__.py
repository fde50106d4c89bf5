"""Validate stage: schema errors, duplicate ids, dangling references and content rules.

Entry point: ``validate_pack(path) -> ValidationResult``; ``exit_code(result)``
gives 0 (clean or warnings only) or 1 (errors); ``write_report(result, fmt)``
prints it as ``text``, ``json`` or ``github``.
"""

from ..load.loader import PackPathError
from ..load.problem import Location, Problem, Severity
from .formatters import FORMATS, format_result, write_report
from .pipeline import ValidationResult, exit_code, run_rules, validate_documents, validate_pack
from .rules import RULES, Rule, get_rule
from .source_map import SourceMap

__all__ = [
    "FORMATS",
    "Location",
    "PackPathError",
    "Problem",
    "RULES",
    "Rule",
    "Severity",
    "SourceMap",
    "ValidationResult",
    "exit_code",
    "format_result",
    "get_rule",
    "run_rules",
    "validate_documents",
    "validate_pack",
    "write_report",
]
