// name: db.indexes
// summary: The indexes the database has, with the constraint each backs (schema.constraints creates what is missing).
// mode: read
// returns: name STRING, constraint STRING (the constraint an index backs; null for a plain index)
SHOW INDEXES YIELD name, owningConstraint
RETURN name, owningConstraint AS constraint
