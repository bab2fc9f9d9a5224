CREATE TABLE user_attributes (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'string' CHECK (type IN ('string', 'number', 'boolean', 'string_array', 'number_array')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
)
