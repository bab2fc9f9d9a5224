-- An API key may be made without the DownloadData right its role holds (CSV downloads of dashboards that
-- restrict data downloads are then refused to it).
ALTER TABLE api_keys ADD COLUMN can_download_data boolean NOT NULL DEFAULT true;
