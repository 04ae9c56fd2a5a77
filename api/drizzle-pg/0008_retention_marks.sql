CREATE TABLE "retention_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
