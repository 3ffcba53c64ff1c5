-- The workshop's production board (issue 44) follows every step marked, undone or removed, whoever
-- writes it (the scanner's route, a migration, an administrator's SQL): one NOTIFY on the "production"
-- channel per statement, delivered to every listener once the transaction commits.
CREATE FUNCTION "production_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('production', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_item_steps_notify" AFTER INSERT OR UPDATE OR DELETE ON "order_item_steps" FOR EACH STATEMENT EXECUTE FUNCTION "production_notify"();
