// name: db.endless_read
// summary: Test fixture: a read of 10^10 rows that no machine finishes in minutes, for the server-side timeout to stop.
// mode: read
// returns: n INTEGER
UNWIND range(1, 100000) AS a
UNWIND range(1, 100000) AS b
WITH a, b WHERE a * b = -1
RETURN count(*) AS n
