-- Who set a staff record's leaving date: the leaving job's audit entry names them (docs/personnel.md › Leaving date).
ALTER TABLE "personnel_staff" ADD COLUMN "leaving_set_by" integer;
