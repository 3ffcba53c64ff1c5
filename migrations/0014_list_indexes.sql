CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "audits_user_idx" ON "audits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_title_idx" ON "documents" USING btree ("title","id");