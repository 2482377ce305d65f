-- The app's info and error logs (issue 25; spec section 7 log collection), personal data already
-- replaced by placeholders. Bounded: the server keeps the newest rows only (modules/system/client-logs.ts).
-- `client` is the app's hashed client id when it sent one; never an address.
CREATE TABLE "client_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"client" text,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"screen" text,
	"app_version" text
);
