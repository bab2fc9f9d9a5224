CREATE TABLE chat_threads (
  id text PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  agent_id text NOT NULL,
  chat_user_id integer NOT NULL REFERENCES chat_users(id) ON DELETE CASCADE,
  active_message_id text,
  active_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX chat_threads_user ON chat_threads (chat_user_id);

CREATE TABLE chat_messages (
  position serial PRIMARY KEY,
  thread_id text NOT NULL REFERENCES chat_threads(id) ON DELETE CASCADE,
  message_id text NOT NULL,
  answer_of text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  tool_call jsonb,
  graph_path jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX chat_messages_thread ON chat_messages (thread_id, position);

CREATE UNIQUE INDEX chat_messages_user_message ON chat_messages (thread_id, message_id) WHERE role = 'user';
