-- Each user's own value of an account's user attribute; a user without one gets the attribute's default.
-- Deleting the attribute or the user removes the value with it.
CREATE TABLE user_attribute_values (
  user_attribute_id integer NOT NULL REFERENCES user_attributes(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_attribute_id, user_id)
);

CREATE INDEX user_attribute_values_user ON user_attribute_values (user_id);
