DROP TABLE audit_verifications;
DROP TABLE audit_seals;
