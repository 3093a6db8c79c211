"""Exceptions raised by auditgraph.

AuditGraphError            every error the CLI turns into a one-line message and exit code 1
├── ConfigError            a setting or input value is wrong (names the value and the fix)
├── ServerError            the local Neo4j server cannot be installed, started or stopped
├── GraphUnavailable       no Neo4j answers at the configured URI, or it refused the credentials
├── QueryFileError         a .cypher file is malformed (names path and problem)
├── UnknownQueryError      a query name is not in the registry
├── QueryParamError        a named query was called with missing or unexpected parameters
├── LoadError              a taxonomy or filing could not be loaded (names the file)
└── CypherRefused          ad-hoc Cypher that is not a plain read (names what was refused)

Messages are complete sentences: what is wrong, then what to do about it.
"""


class AuditGraphError(Exception):
    """Base of all auditgraph errors; str(e) is the one-line message shown to the user."""


class ConfigError(AuditGraphError):
    pass


class ServerError(AuditGraphError):
    pass


class GraphUnavailable(AuditGraphError):
    pass


class QueryFileError(AuditGraphError):
    pass


class UnknownQueryError(AuditGraphError):
    pass


class QueryParamError(AuditGraphError):
    pass


class LoadError(AuditGraphError):
    pass


class CypherRefused(AuditGraphError):
    """An ad-hoc query the guard in graph.read_adhoc will not run; str(e) says what and why."""
