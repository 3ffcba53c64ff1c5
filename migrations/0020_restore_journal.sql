-- A restore's journal of files (issue 45): written with its rows, read at the next start to put its files in place.
CREATE TABLE "restore_journal" (
	"staged" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
