-- What the hosted CLI's attributes create sends besides name and type.
ALTER TABLE user_attributes
  ADD COLUMN display_name text,
  ADD COLUMN description text,
  ADD COLUMN default_value jsonb;
