-- The claims of each embed user's latest session (generate-session or a platform-token exchange): what a
-- notification delivered to them renders with (their security context, groups and attributes), since
-- an embed user keeps no claims of their own between sessions.
ALTER TABLE embed_users ADD COLUMN last_claims jsonb;
