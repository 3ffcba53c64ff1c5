-- The phone's key for a mark (issue 44): the same mark sent again finds its step and records nothing new.
ALTER TABLE "order_item_steps" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_steps_idempotency_key" ON "order_item_steps" USING btree ("idempotency_key");