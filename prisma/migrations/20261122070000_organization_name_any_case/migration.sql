-- Hand-written: organization names are unique whatever their case ("Acme" and "ACME" are one name), enforced by
-- the database so two creations racing with different cases cannot both pass the service's check.
CREATE UNIQUE INDEX "organizations_name_lower_key" ON "organizations" (lower("name"));
