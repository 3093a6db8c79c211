"""Exceptions raised by auditgraph, each with the exit code the CLI gives it (README, "Exit codes").

AuditGraphError            every error the CLI turns into a one-line message (no traceback without --debug)
├── ConfigError        2   a setting or input value is wrong (names the value and the fix)
│   └── CredentialMissing 3  an API key or other secret the environment must provide is not set
├── ServerError        3   the local Neo4j server cannot be installed, started or stopped
├── GraphUnavailable   3   no Neo4j answers at the configured URI, or it refused the credentials
├── QueryFileError     3   a .cypher file is malformed (names path and problem): a broken installation
├── UnknownQueryError  2   a query name is not in the registry
├── QueryParamError    2   a named query was called with missing or unexpected parameters
├── LoadError          2   a taxonomy or filing could not be loaded (names the file)
└── CypherRefused      2   ad-hoc Cypher that is not a plain read (names what was refused)
(auditgraph.llm.ProviderError, a failed model call, is 3.)

Messages are complete sentences: what is wrong, then what to do about it.
"""


EXIT_OK = 0  # ran and answered
EXIT_FINDINGS = 1  # ran, and found violations (commands that report findings, when asked to fail on them)
EXIT_INPUT = 2  # bad input or usage: a wrong argument, file, id or query
EXIT_ENVIRONMENT = 3  # the environment: database unreachable, server not installed, model provider or key missing
EXIT_BUG = 4  # an unexpected error inside auditgraph (a bug; --debug shows the traceback)


class AuditGraphError(Exception):
    """Base of all auditgraph errors; str(e) is the one-line message shown to the user."""

    exit_code = EXIT_INPUT


class ConfigError(AuditGraphError):
    exit_code = EXIT_INPUT


class CredentialMissing(ConfigError):
    exit_code = EXIT_ENVIRONMENT


class ServerError(AuditGraphError):
    exit_code = EXIT_ENVIRONMENT


class GraphUnavailable(AuditGraphError):
    exit_code = EXIT_ENVIRONMENT


class QueryFileError(AuditGraphError):
    exit_code = EXIT_ENVIRONMENT


class UnknownQueryError(AuditGraphError):
    exit_code = EXIT_INPUT


class QueryParamError(AuditGraphError):
    exit_code = EXIT_INPUT


class LoadError(AuditGraphError):
    exit_code = EXIT_INPUT


class CypherRefused(AuditGraphError):
    """An ad-hoc query the guard in graph.read_adhoc will not run; str(e) says what and why."""
