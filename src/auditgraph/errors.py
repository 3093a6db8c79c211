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
│   ├── NotFound       2   a download URL answered 404 (loader.fetch turns it into a skip or a LoadError)
│   └── TransactionTooLarge 3  a filing's one transaction needs more memory than the server lets one use (names the setting)
├── CypherRefused      2   ad-hoc Cypher that is not a plain read (names what was refused)
├── QueryFailed        4   Neo4j rejected a named query (names the query and its .cypher file)
├── FormulaError       2   a formula is not + - * / over names and numbers (verifier; also a ValueError)
├── ClaimParseError    2   a claim is not one number (verifier; also a ValueError)
├── RuleDataMissing    3   a DQC rule's data is not in the database (the audit reports the rule not evaluable)
└── ProviderError      3   a model call failed: HTTP error, timeout, unparsable response (llm.providers)
    ├── ContextOverflow 3  the conversation no longer fits the model's context window
    └── ModelError     3   the model answered with something unusable (no JSON, a malformed plan)

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


class TransactionTooLarge(LoadError):
    """A filing is written in one transaction (all or nothing) and the server's per-transaction memory cannot hold
    it: the server's setting is at fault, not the file."""

    exit_code = EXIT_ENVIRONMENT


class CypherRefused(AuditGraphError):
    """An ad-hoc query the guard in graph.read_adhoc will not run; str(e) says what and why."""


class QueryFailed(AuditGraphError):
    """Neo4j rejected a named query (graph.Graph wraps its ClientError); str(e) names the query and its file."""

    exit_code = EXIT_BUG  # the query files ship with auditgraph: a query they hold that fails is a bug


# ------------------------------------------------------------------ the stages' own errors
# Raised by loader/, verifier/ and llm/; defined here so every exit code is decided in one file.


class RuleDataMissing(AuditGraphError):
    """A rule cannot run: data it reads is not in the database (a DQCRT constant, a taxonomy network).

    checks/rulebook.run_rule turns it into one not_evaluable result with this message; should it reach the CLI,
    the environment is what lacks the data (load the taxonomy)."""

    exit_code = EXIT_ENVIRONMENT


class NotFound(LoadError):
    """A download URL answered 404; loader.fetch turns it into a skip or a LoadError naming the referrer."""


class FormulaError(AuditGraphError, ValueError):
    """A formula string is not + - * / over names and numbers.

    Also a ValueError: pydantic validators turn only ValueErrors into validation errors."""

    exit_code = EXIT_INPUT


class ClaimParseError(AuditGraphError, ValueError):
    """The claim is not one number; str(e) says why, for the Abstain reason (a ValueError as before)."""

    exit_code = EXIT_INPUT


class ProviderError(AuditGraphError):
    """A model call failed (HTTP error, timeout, unparsable response); the message is scrubbed of keys."""

    exit_code = EXIT_ENVIRONMENT


class ContextOverflow(ProviderError):
    """The conversation no longer fits the model's context window."""


class ModelError(ProviderError):
    """The model answered with something unusable (no JSON, a malformed plan)."""
