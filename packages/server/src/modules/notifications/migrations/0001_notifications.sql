-- Scheduled deliveries of dashboards (API-NOTES.md "Notifications"): the notifications, their recipients,
-- and each delivery with every recipient's outcome.

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  dashboard_id integer NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
  name text NOT NULL,
  schedule text NOT NULL,
  timezone text NOT NULL,
  format text NOT NULL,
  filters jsonb,
  time_grains jsonb,
  is_enabled boolean NOT NULL DEFAULT true,
  -- The webhook signing secret, sealed with the SecretBox; null without one.
  webhook_secret text,
  -- Whose rights render the content for webhooks and for e-mail addresses that are no user of the account.
  created_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  next_run_at timestamptz,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The scheduler's one read per tick: what is due, whatever the number of notifications.
CREATE INDEX notifications_due ON notifications (next_run_at) WHERE is_enabled;
CREATE INDEX notifications_of_deployment ON notifications (account_id, deployment_id, id);
CREATE INDEX notifications_of_dashboard ON notifications (dashboard_id);

CREATE TABLE notification_recipients (
  id serial PRIMARY KEY,
  notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  type text NOT NULL,
  -- What names the recipient within its type (a user id, a lowercased address, tenant/external id, a URL's
  -- SHA-256), so one recipient is never added twice.
  recipient_key text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  email text,
  embed_tenant_name text,
  external_id text,
  -- A webhook URL as shown (credentials masked) and its credentials sealed with the SecretBox.
  url text,
  url_secret text,
  channel_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (notification_id, recipient_key)
);

CREATE INDEX notification_recipients_of_user ON notification_recipients (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX notification_recipients_of_email ON notification_recipients (email) WHERE email IS NOT NULL;
CREATE INDEX notification_recipients_of_embed_user
  ON notification_recipients (embed_tenant_name, external_id) WHERE embed_tenant_name IS NOT NULL;

CREATE TABLE notification_deliveries (
  id serial PRIMARY KEY,
  notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  trigger text NOT NULL,
  scheduled_for timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A scheduled run is one delivery, whichever process claims it first.
CREATE UNIQUE INDEX notification_deliveries_once
  ON notification_deliveries (notification_id, scheduled_for) WHERE trigger <> 'send';
CREATE INDEX notification_deliveries_of_notification ON notification_deliveries (notification_id, id DESC);

-- Each recipient's outcome, with the recipient as it was when the delivery was made (removing a recipient
-- later keeps the history readable).
CREATE TABLE notification_delivery_recipients (
  delivery_id integer NOT NULL REFERENCES notification_deliveries(id) ON DELETE CASCADE,
  recipient_key text NOT NULL,
  recipient jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  error text,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  PRIMARY KEY (delivery_id, recipient_key)
);
