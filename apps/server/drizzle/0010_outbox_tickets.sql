CREATE TABLE "staff_outbox_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_outbox_tickets" ADD CONSTRAINT "staff_outbox_tickets_session_token_hash_staff_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."staff_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;