"""auditgraph: prove or refute the numbers in SEC XBRL filings with a Neo4j graph."""

__version__ = "0.1.0"
