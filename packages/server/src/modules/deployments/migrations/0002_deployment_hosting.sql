-- What the hosted CLI's deployment create sends besides the settings this server acts on.
ALTER TABLE deployments
  ADD COLUMN target_platform text NOT NULL DEFAULT 'aws' CHECK (target_platform IN ('aws', 'gcp', 'azure')),
  ADD COLUMN is_managed boolean NOT NULL DEFAULT true;
