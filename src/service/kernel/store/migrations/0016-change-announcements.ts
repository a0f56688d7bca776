import type { Migration } from './migration';

/**
 * PostgreSQL only: the database announces its own changes, so no writer can forget to.
 * counter_announce NOTIFYs counter_changes with 'topic' or 'topic:key' (TG_ARGV: topic, key column)
 * when the transaction commits: each instance's caches forget what another changed (read-cache.ts).
 * The events table's triggers make writers of events take turns (the lock is taken before any row
 * gets its seq, so seq order is commit order) and wake every instance's feed (outbox.ts).
 */
const migration: Migration = {
  name: 'change-announcements',
  postgres: `
  CREATE FUNCTION counter_announce() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('counter_changes', TG_ARGV[0]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('counter_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
    ELSE
      PERFORM pg_notify('counter_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
    END IF;
    RETURN NULL;
  END $$;

  CREATE TRIGGER payment_requests_changed AFTER UPDATE ON payment_requests
    FOR EACH ROW EXECUTE FUNCTION counter_announce('payment', 'id');
  CREATE TRIGGER payment_requests_deleted AFTER DELETE ON payment_requests
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('payment');
  CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE ON transactions
    FOR EACH ROW EXECUTE FUNCTION counter_announce('payment', 'payment_request_id');
  CREATE TRIGGER transactions_deleted AFTER DELETE ON transactions
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('payment');
  CREATE TRIGGER access_secrets_changed
    AFTER UPDATE OF hash, revoked_at, kind, merchant_id, environment, terminal_id OR DELETE
    ON access_secrets FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('caller');
  CREATE TRIGGER terminals_moved AFTER UPDATE OF store_id OR DELETE ON terminals
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('caller');
  CREATE TRIGGER webhook_subscriptions_changed AFTER INSERT OR UPDATE OR DELETE
    ON webhook_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('webhook_subscriptions');

  CREATE FUNCTION events_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('counter:events'));
    RETURN NULL;
  END $$;
  CREATE TRIGGER events_take_turn BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_take_turn();
  CREATE FUNCTION events_stored() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('counter_events', NULL);
    RETURN NULL;
  END $$;
  CREATE TRIGGER events_stored AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_stored();
  `,
};
export default migration;
