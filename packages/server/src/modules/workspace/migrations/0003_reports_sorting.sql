-- The reports list sorts by creation and by last view as well (updated_at and name have indexes of
-- their own in 0001); each key is followed by id, as the list's cursor compares (key, id).
CREATE INDEX reports_created ON reports (deployment_id, created_at, id);
CREATE INDEX reports_last_viewed ON reports (deployment_id, last_viewed_at, id);
